import { consoleEditorialCandidates, type EditorialDrama } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { useConsoleQuery } from '../../api/console-query';
import { DramaSearch } from '../../components/DramaSearch';
import { t } from '../../i18n/messages';
import { DramaSummary } from './DramaSummary';

interface CandidateSearchProps {
  /** Why a drama cannot be added (already placed, list full, no banner), or null when it can. */
  refusal: (drama: EditorialDrama) => string | null;
  onAdd: (drama: EditorialDrama) => void;
}

/** Finds dramas by title (any language; the newest before anything is typed) to add to a list. */
export function CandidateSearch({ refusal, onAdd }: CandidateSearchProps) {
  const [q, setQ] = useState('');
  const results = useConsoleQuery(consoleEditorialCandidates, { query: { q } });

  return (
    <div className="candidates">
      <DramaSearch
        text={{
          label: t('editorial.search.label'),
          placeholder: t('editorial.search.placeholder'),
          submit: t('editorial.search.submit'),
          results: t('editorial.search.results'),
          none: t('editorial.search.none'),
        }}
        onSearch={setQ}
        results={results}
        row={(drama) => {
          const refused = refusal(drama);
          return (
            <>
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
            </>
          );
        }}
      />
    </div>
  );
}
