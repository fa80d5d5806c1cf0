import { INPUT_MAX_LENGTH } from '@cliffhanger/contract/browser';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FailureIcon, SearchIcon } from '../../../components/ui/icons';
import './search-box.css';

/** The title search of home: the page debounces what is typed; Enter searches at once. */
export function SearchBox({
  value,
  onChange,
  onSubmit,
  onClear,
}: {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="home-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('home.searchLabel')}
      </label>
      <span className="home-search__icon">
        <SearchIcon size={18} />
      </span>
      <input
        id={id}
        ref={input}
        className="home-search__input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={INPUT_MAX_LENGTH}
        placeholder={t('home.searchPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="home-search"
      />
      {value !== '' && (
        <button
          type="button"
          className="home-search__clear"
          aria-label={t('home.searchClear')}
          onClick={() => {
            onClear();
            input.current?.focus();
          }}
          data-testid="home-search-clear"
        >
          <FailureIcon size={18} />
        </button>
      )}
    </form>
  );
}
