import { createColumnHelper } from '@tanstack/react-table';
import { COMMENT_REPORT_REASONS } from '@cliffhanger/contract/browser';
import { consoleNewestComments, consoleReportedComments, type ModerationComment } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConsoleQuery } from '../../api/console-query';
import { DataTable } from '../../components/DataTable';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { DramaFilter } from './DramaFilter';
import { commentActionsOf, type ModerationAction } from './moderation-actions';
import { ModerationActionDialog } from './ModerationActionDialog';

const PAGE_SIZE = 20;
const VIEWS = ['reported', 'newest'] as const;
type View = (typeof VIEWS)[number];

const column = createColumnHelper<ModerationComment>();

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
}

function reasonsOf(comment: ModerationComment): string {
  return COMMENT_REPORT_REASONS.filter((reason) => comment.reports.reasons[reason] > 0)
    .map((reason) =>
      t('moderation.reasons.item', {
        reason: t(`moderation.reason.${reason}`),
        count: comment.reports.reasons[reason],
      }),
    )
    .join(', ');
}

/**
 * Reported comments (the most reported first) and the newest comments, each for one drama or all;
 * the list, the drama and the page live in the address. Each row offers what its state allows,
 * and its author's comment block.
 */
export default function ModerationPage() {
  const [search, setSearch] = useSearchParams();
  const view: View = search.get('view') === 'newest' ? 'newest' : 'reported';
  const dramaId = positiveInt(search.get('drama'));
  const page = positiveInt(search.get('page')) ?? 1;
  const query = { page, size: PAGE_SIZE, ...(dramaId === undefined ? {} : { drama_id: dramaId }) };
  const comments = useConsoleQuery(view === 'reported' ? consoleReportedComments : consoleNewestComments, { query });
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };

  const open = (next: ModerationAction) => {
    setDone(null);
    setAction(next);
  };

  const columns = [
    column.display({
      id: 'comment',
      header: () => t('moderation.col.comment'),
      cell: ({ row }) => {
        const comment = row.original;
        return (
          <>
            <p className="moderation__text">{comment.text}</p>
            <p className="field__hint">
              <span className={`moderation__state moderation__state--${comment.state}`}>
                {t(`moderation.state.${comment.state}`)}
              </span>{' '}
              {t('moderation.posted', { at: utcTime(comment.created_at) })}
            </p>
          </>
        );
      },
    }),
    column.display({
      id: 'author',
      header: () => t('moderation.col.author'),
      cell: ({ row }) => {
        const { author } = row.original;
        const blocked = author.comments_blocked_at !== null;
        const kind = blocked ? 'unblock' : 'block';
        return (
          <>
            <p>
              {author.nickname === ''
                ? t('moderation.author.noName', { uid: author.uid })
                : t('moderation.author', { nickname: author.nickname, uid: author.uid })}
            </p>
            {author.comments_blocked_at !== null && (
              <p className="field__hint">
                {t('moderation.author.blocked', { at: utcTime(author.comments_blocked_at) })}
              </p>
            )}
            <button
              type="button"
              className={`button button--small${blocked ? '' : ' button--danger'}`}
              aria-label={t('moderation.authorActionLabel', {
                action: t(`moderation.action.${kind}`),
                uid: author.uid,
              })}
              onClick={() => open({ kind, author })}
            >
              {t(`moderation.action.${kind}`)}
            </button>
          </>
        );
      },
    }),
    column.display({
      id: 'where',
      header: () => t('moderation.col.where'),
      cell: ({ row }) => {
        const { drama, episode } = row.original;
        return (
          <>
            <p>{t('moderation.where', { drama: drama.title, number: episode.number })}</p>
            {dramaId !== drama.id && (
              <button type="button" className="button button--small" onClick={() => go({ drama: String(drama.id) })}>
                {t('moderation.filter.only')}
              </button>
            )}
          </>
        );
      },
    }),
    column.display({
      id: 'reports',
      header: () => t('moderation.col.reports'),
      cell: ({ row }) => {
        const { reports } = row.original;
        if (reports.unsettled === 0) return t('moderation.reports.none');
        return (
          <>
            <p>{t('moderation.reports.count', { count: reports.unsettled })}</p>
            <p className="field__hint">{reasonsOf(row.original)}</p>
            {reports.last_at && (
              <p className="field__hint">{t('moderation.reports.last', { at: utcTime(reports.last_at) })}</p>
            )}
          </>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => t('moderation.col.actions'),
      cell: ({ row }) => {
        const comment = row.original;
        return (
          <span className="table__actions">
            {commentActionsOf(comment).map((kind) => (
              <button
                key={kind}
                type="button"
                className={`button button--small${kind === 'delete' ? ' button--danger' : ''}`}
                aria-label={t('moderation.actionLabel', { action: t(`moderation.action.${kind}`), id: comment.id })}
                onClick={() => open({ kind, comment })}
              >
                {t(`moderation.action.${kind}`)}
              </button>
            ))}
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <h1>{t('moderation.title')}</h1>
      <p>{t('moderation.intro')}</p>
      <div className="tabs" role="tablist" aria-label={t('moderation.views')}>
        {VIEWS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={view === name}
            onClick={() => go({ view: name === 'reported' ? null : name })}
          >
            {t(`moderation.view.${name}`)}
          </button>
        ))}
      </div>
      <DramaFilter
        key={dramaId ?? 'all'}
        dramaId={dramaId}
        onApply={(id) => go({ drama: id === undefined ? null : String(id) })}
      />
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
      <QueryView query={comments}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
          return (
            <>
              <DataTable
                data={data.list}
                columns={columns}
                getRowId={(comment) => String(comment.id)}
                caption={t(`moderation.caption.${view}`)}
                empty={t(`moderation.empty.${view}`)}
              />
              {pages > 1 && (
                <nav className="catalogue__pager" aria-label={t('moderation.page', { page, pages })}>
                  <button
                    type="button"
                    className="button"
                    disabled={page <= 1}
                    onClick={() => go({ page: String(page - 1) })}
                  >
                    {t('moderation.previous')}
                  </button>
                  <span>{t('moderation.page', { page, pages })}</span>
                  <button
                    type="button"
                    className="button"
                    disabled={!data.has_more}
                    onClick={() => go({ page: String(page + 1) })}
                  >
                    {t('moderation.next')}
                  </button>
                </nav>
              )}
            </>
          );
        }}
      </QueryView>
      {action && (
        <ModerationActionDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            setDone(message);
          }}
        />
      )}
    </>
  );
}
