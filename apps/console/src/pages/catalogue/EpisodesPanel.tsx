import { LANGUAGES } from '@cliffhanger/contract/browser';
import {
  consoleDeleteEpisode,
  consoleReorderEpisodes,
  type ConsoleDrama,
  type ConsoleEpisode,
} from '@cliffhanger/contract/console';
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ReasonField } from '../../components/ReasonField';
import { t } from '../../i18n/messages';
import { useDramaWrite } from './drama-queries';
import { EpisodeDialog } from './EpisodeDialog';
import { EpisodeOrderList } from './EpisodeOrderList';
import { CATALOGUE_REASON_FIELD } from './catalogue-text';

const SECONDS_PER_MINUTE = 60;

function durationText(seconds: number): string {
  const whole = Math.round(seconds);
  return t('catalogue.episodes.duration', {
    minutes: Math.floor(whole / SECONDS_PER_MINUTE),
    seconds: String(whole % SECONDS_PER_MINUTE).padStart(2, '0'),
  });
}

function EpisodeFacts({ episode }: { episode: ConsoleEpisode }) {
  const languages = LANGUAGES.filter((lang) => episode.subtitles.includes(lang)).map((lang) =>
    t(`catalogue.lang.${lang}`),
  );
  return (
    <span className="drama-summary__text">
      <span className="drama-summary__title">{episode.title.en}</span>
      <span className="drama-summary__status">
        {[
          durationText(episode.duration_s),
          episode.free ? t('catalogue.episodes.free') : t('catalogue.episodes.price', { price: episode.price }),
          languages.length > 0
            ? t('catalogue.episodes.subtitles', { languages: languages.join(', ') })
            : t('catalogue.episodes.noSubtitles'),
        ].join(' · ')}
      </span>
      {!episode.media_ready && <span className="drama-summary__warning">{t('catalogue.episodes.notReady')}</span>}
    </span>
  );
}

type Open = { dialog: 'edit'; episodeId: number } | { dialog: 'delete'; episode: ConsoleEpisode } | null;

/**
 * The drama's episodes: their order (rearranged here, saved in one request that renumbers them
 * 1..n), each one's titles and subtitles, deleting one while the drama is unpublished, and
 * `upload`, where new episodes are uploaded.
 */
export function EpisodesPanel({ drama, upload }: { drama: ConsoleDrama; upload: ReactNode }) {
  // The order being edited, as episode ids; null while it is the saved one. A new answer from the
  // server (a save here, a change elsewhere on the page) starts again from the saved order.
  const [edited, setEdited] = useState<{ base: ConsoleEpisode[]; ids: number[] } | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const reorder = useDramaWrite(consoleReorderEpisodes, (saved) => {
    setEdited(null);
    setDone(t('catalogue.episodes.orderSaved', { count: saved.episodes.length }));
  });
  const current = edited !== null && edited.base === drama.episodes ? edited : null;
  const shown = current
    ? current.ids.flatMap((id) => drama.episodes.find((episode) => episode.id === id) ?? [])
    : drama.episodes;
  const editing = open?.dialog === 'edit' ? drama.episodes.find((episode) => episode.id === open.episodeId) : undefined;

  return (
    <section className="panel" aria-labelledby="episodes-title">
      <h2 id="episodes-title">{t('catalogue.episodes.title')}</h2>
      {drama.episodes.length === 0 ? (
        <p className="field__hint">{t('catalogue.episodes.none')}</p>
      ) : (
        <EpisodeOrderList
          episodes={shown}
          onChange={(episodes) => {
            setDone(null);
            reorder.reset();
            setEdited({ base: drama.episodes, ids: episodes.map((episode) => episode.id) });
          }}
          renderEpisode={(episode) => (
            <>
              <EpisodeFacts episode={episode} />
              <span className="table__actions">
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('catalogue.episodes.editLabel', { number: episode.number })}
                  onClick={() => setOpen({ dialog: 'edit', episodeId: episode.id })}
                >
                  {t('catalogue.episodes.edit')}
                </button>
                <button
                  type="button"
                  className="button button--small button--danger"
                  aria-label={t('catalogue.episodes.deleteLabel', { number: episode.number })}
                  disabled={drama.status !== 'not_published'}
                  title={drama.status !== 'not_published' ? t('catalogue.episodes.deleteOnlyUnpublished') : undefined}
                  onClick={() => setOpen({ dialog: 'delete', episode })}
                >
                  {t('catalogue.episodes.delete')}
                </button>
              </span>
            </>
          )}
        />
      )}
      {current && (
        <div className="form__actions form__actions--start">
          <p className="placement__unsaved">{t('catalogue.episodes.orderUnsaved')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={reorder.isPending}
            onClick={() => reorder.mutate({ input: { params: { id: drama.id }, body: { episode_ids: current.ids } } })}
          >
            {t('catalogue.episodes.saveOrder')}
          </button>
          <button type="button" className="button" onClick={() => setEdited(null)}>
            {t('catalogue.episodes.resetOrder')}
          </button>
        </div>
      )}
      {reorder.error && <ErrorNotice error={reorder.error} />}
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
      <h3>{t('catalogue.episodes.add')}</h3>
      {upload}
      {editing && <EpisodeDialog dramaId={drama.id} episode={editing} onClose={() => setOpen(null)} />}
      {open?.dialog === 'delete' && (
        <DeleteEpisodeDialog dramaId={drama.id} episode={open.episode} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}

function DeleteEpisodeDialog({
  dramaId,
  episode,
  onClose,
}: {
  dramaId: number;
  episode: ConsoleEpisode;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const remove = useDramaWrite(consoleDeleteEpisode, onClose);
  return (
    <Dialog title={t('catalogue.episode.deleteTitle', { number: episode.number })} onClose={onClose}>
      <p>{t('catalogue.episode.deleteBody', { number: episode.number, title: episode.title.en })}</p>
      <ReasonField {...CATALOGUE_REASON_FIELD} value={reason} onChange={setReason} />
      {remove.error && <ErrorNotice error={remove.error} />}
      <div className="form__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('app.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate({
              input: {
                params: { id: dramaId, episodeId: episode.id },
                body: reason.trim() ? { reason: reason.trim() } : {},
              },
            })
          }
        >
          {remove.isPending ? t('catalogue.episode.deleting') : t('catalogue.episode.deleteConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
