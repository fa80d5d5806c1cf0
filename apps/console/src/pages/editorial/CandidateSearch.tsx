import { consoleEditorialCandidates, type EditorialDrama } from '@cliffhanger/contract/console';
import { useId, useState, type FormEvent } from 'react';
import { useConsoleQuery } from '../../api/console-query';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';
import { DramaSummary } from './DramaSummary';

interface CandidateSearchProps {
  /** Why a drama cannot be added (already placed, list full, no banner), or null when it can. */
  refusal: (drama: EditorialDrama) => string | null;
  onAdd: (drama: EditorialDrama) => void;
}

/** Finds dramas by title (any language; the newest before anything is typed) to add to a list. */
export function CandidateSearch({ refusal, onAdd }: CandidateSearchProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const results = useConsoleQuery(consoleEditorialCandidates, { query: { q } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };

  return (
    <div className="candidates">
      <form role="search" className="candidates__form" onSubmit={submit}>
        <label className="field__label" htmlFor={inputId}>
          {t('editorial.search.label')}
        </label>
        <span className="candidates__row">
          <input
            id={inputId}
            className="input"
            type="search"
            value={text}
            placeholder={t('editorial.search.placeholder')}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button">
            {t('editorial.search.submit')}
          </button>
        </span>
      </form>
      {results.isPending ? (
        <Loading />
      ) : results.error ? (
        <ErrorNotice error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data.length === 0 ? (
        <p className="candidates__none">{t('editorial.search.none')}</p>
      ) : (
        <ul className="candidates__list" aria-label={t('editorial.search.results')}>
          {results.data.map((drama) => {
            const refused = refusal(drama);
            return (
              <li key={drama.id} className="candidates__item">
                <DramaSummary drama={drama} />
                {refused === null ? (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('editorial.search.add', { title: drama.title })}
                    onClick={() => onAdd(drama)}
                  >
                    {t('editorial.search.addShort')}
                  </button>
                ) : (
                  <span className="candidates__refused">{refused}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
