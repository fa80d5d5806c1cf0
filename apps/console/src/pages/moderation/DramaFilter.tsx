import { consoleModerationDrama, consoleModerationDramas } from '@cliffhanger/contract/console';
import { useId, useState, type FormEvent } from 'react';
import { useConsoleQuery } from '../../api/console-query';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';

/**
 * The drama filter: every drama, or one the operator finds by a piece of its title in any
 * language (the newest dramas when the search is empty) and picks from the results.
 */
export function DramaFilter({
  dramaId,
  onApply,
}: {
  dramaId: number | undefined;
  onApply: (dramaId: number | undefined) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  /** The search sent, or null before the operator searches. */
  const [q, setQ] = useState<string | null>(null);
  const chosen = useConsoleQuery(
    consoleModerationDrama,
    { params: { id: dramaId ?? 0 } },
    { enabled: dramaId !== undefined },
  );
  const results = useConsoleQuery(consoleModerationDramas, { query: { q: q ?? '' } }, { enabled: q !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  const pick = (id: number) => {
    setQ(null);
    setText('');
    onApply(id);
  };

  return (
    <div className="drama-filter">
      <p className="drama-filter__current" role="status">
        {dramaId === undefined
          ? t('moderation.filter.every')
          : t('moderation.filter.current', { title: chosen.data?.title ?? `#${dramaId}` })}
        {dramaId !== undefined && (
          <button type="button" className="button button--small" onClick={() => onApply(undefined)}>
            {t('moderation.filter.clear')}
          </button>
        )}
      </p>
      <form role="search" className="candidates__form" onSubmit={submit}>
        <label className="field__label" htmlFor={inputId}>
          {t('moderation.filter.drama')}
        </label>
        <span className="candidates__row">
          <input
            id={inputId}
            className="input"
            type="search"
            value={text}
            placeholder={t('moderation.filter.placeholder')}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button">
            {t('moderation.filter.search')}
          </button>
        </span>
      </form>
      {q === null ? null : results.isPending ? (
        <Loading />
      ) : results.error ? (
        <ErrorNotice error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data.length === 0 ? (
        <p className="candidates__none">{t('moderation.filter.none')}</p>
      ) : (
        <ul className="candidates__list" aria-label={t('moderation.filter.results')}>
          {results.data.map((drama) => (
            <li key={drama.id} className="candidates__item">
              <span>{drama.title}</span>
              <button
                type="button"
                className="button button--small"
                aria-label={t('moderation.filter.pick', { title: drama.title })}
                onClick={() => pick(drama.id)}
              >
                {t('moderation.filter.pickShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
