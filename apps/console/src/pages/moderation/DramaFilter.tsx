import { consoleModerationDrama, consoleModerationDramas } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { useConsoleQuery } from '../../api/console-query';
import { DramaSearch } from '../../components/DramaSearch';
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
  /** The search sent, or null before the operator searches. */
  const [q, setQ] = useState<string | null>(null);
  const chosen = useConsoleQuery(
    consoleModerationDrama,
    { params: { id: dramaId ?? 0 } },
    { enabled: dramaId !== undefined },
  );
  const results = useConsoleQuery(consoleModerationDramas, { query: { q: q ?? '' } }, { enabled: q !== null });

  const pick = (id: number) => {
    setQ(null);
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
      <DramaSearch
        text={{
          label: t('moderation.filter.drama'),
          placeholder: t('moderation.filter.placeholder'),
          submit: t('moderation.filter.search'),
          results: t('moderation.filter.results'),
          none: t('moderation.filter.none'),
        }}
        onSearch={setQ}
        results={q === null ? null : results}
        row={(drama) => (
          <>
            <span>{drama.title}</span>
            <button
              type="button"
              className="button button--small"
              aria-label={t('moderation.filter.pick', { title: drama.title })}
              onClick={() => pick(drama.id)}
            >
              {t('moderation.filter.pickShort')}
            </button>
          </>
        )}
      />
    </div>
  );
}
