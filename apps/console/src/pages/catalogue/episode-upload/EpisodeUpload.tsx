import { useQueryClient } from '@tanstack/react-query';
import {
  consoleGetDrama,
  consoleListEpisodeImports,
  EPISODE_UPLOAD_NEXT,
  isTerminalImportState,
  type EpisodeImport,
} from '@cliffhanger/contract/console';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { consoleKey, useConsoleQuery } from '../../../api/console-query';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { t } from '../../../i18n/messages';
import { utcTime } from '../../../i18n/utc-time';
import { importStateText, ImportError } from './import-state';
import { startEpisodeUpload, type EpisodeChoice, type UploadState } from './tus-upload';

/** How often the imports are asked for while one is under way. */
const POLL_MS = 2000;

/** One file chosen on this page: waiting its turn, then its upload's state. */
interface LocalUpload {
  key: number;
  file: File;
  episode: EpisodeChoice;
  state: UploadState | null;
}

let nextKey = 0;

function percentOf(state: UploadState): number {
  return state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;
}

/** What a file of this page is doing: its upload, then (once sent) its import as the server reports it. */
function LocalUploadRow({
  item,
  imported,
  onCancel,
}: {
  item: LocalUpload;
  imported: EpisodeImport | undefined;
  onCancel: () => void;
}) {
  const { state } = item;
  const cancellable = state === null || (state.phase === 'sending' && imported?.state !== 'queued');
  let status: string;
  if (state === null) status = t('episodeUpload.waiting');
  else if (state.phase === 'cancelled') status = t('episodeUpload.cancelled');
  else if (state.phase === 'failed') status = t('episodeUpload.failed');
  else if (imported && imported.state !== 'uploading') status = importStateText(imported);
  else if (state.phase === 'sent') status = t('episodeUpload.sent');
  else if (state.retrying) status = t('episodeUpload.retrying', { percent: percentOf(state) });
  else status = t('episodeUpload.sending', { percent: percentOf(state) });
  return (
    <li className="episode-upload__item">
      <span className="episode-upload__file">
        {item.file.name} ·{' '}
        {imported
          ? t('episodeUpload.episode', { number: imported.episode_number })
          : item.episode === EPISODE_UPLOAD_NEXT
            ? t('episodeUpload.episodeNext')
            : t('episodeUpload.episode', { number: item.episode })}
      </span>
      <progress
        className="episode-upload__bar"
        max={item.file.size || 1}
        value={state?.sent ?? 0}
        aria-label={t('episodeUpload.progress', { file: item.file.name })}
      />
      <span className="episode-upload__status" role="status">
        {status}
      </span>
      {cancellable && (
        <button type="button" className="button button--small" onClick={onCancel}>
          {t('episodeUpload.cancel')}
        </button>
      )}
      {state?.error && <ErrorNotice error={state.error} />}
      {imported?.state === 'failed' && <ImportError item={imported} />}
    </li>
  );
}

/**
 * Uploads episode videos to a drama and follows them until viewers can watch them: files go one
 * after another by tus (resumable), each becomes an import the server reports while it checks,
 * transcodes and stores the video, polled until it is ready or failed.
 */
export function EpisodeUpload({ dramaId }: { dramaId: number }) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [numbered, setNumbered] = useState(false);
  const [number, setNumber] = useState('');
  const [uploads, setUploads] = useState<LocalUpload[]>([]);
  const cancels = useRef(new Map<number, () => Promise<void>>());
  const fileInput = useRef<HTMLInputElement>(null);

  const sending = uploads.some((item) => item.state === null || item.state.phase === 'sending');
  const imports = useConsoleQuery(
    consoleListEpisodeImports,
    { params: { id: dramaId } },
    {
      refetchInterval: (query) =>
        sending || (query.state.data?.imports ?? []).some((item) => !isTerminalImportState(item.state))
          ? POLL_MS
          : false,
    },
  );
  const list = imports.data?.imports ?? [];

  // An import that became ready changed the drama's episodes: the drama page asks for them again.
  const readyCount = list.filter((item) => item.state === 'ready').length;
  const seenReady = useRef<number | null>(null);
  useEffect(() => {
    if (imports.data === undefined) return;
    if (seenReady.current !== null && readyCount > seenReady.current) {
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleGetDrama, { params: { id: dramaId } }) });
    }
    seenReady.current = readyCount;
  }, [readyCount, imports.data, dramaId, queryClient]);

  // One upload at a time, in the order chosen: "next" numbers follow that order.
  useEffect(() => {
    if (uploads.some((item) => item.state?.phase === 'sending')) return;
    const waiting = uploads.find((item) => item.state === null);
    if (!waiting) return;
    const { key } = waiting;
    let shown: Pick<UploadState, 'phase' | 'uploadId'> = { phase: 'sending', uploadId: null };
    const setState = (state: UploadState) => {
      setUploads((current) => current.map((item) => (item.key === key ? { ...item, state } : item)));
      // The server made the upload, or its last byte queued the import: shown now, not at the next poll.
      if (state.uploadId !== shown.uploadId || (state.phase === 'sent' && shown.phase !== 'sent')) {
        void queryClient.invalidateQueries({
          queryKey: consoleKey(consoleListEpisodeImports, { params: { id: dramaId } }),
        });
      }
      shown = state;
    };
    const handle = startEpisodeUpload(waiting.file, { dramaId, episode: waiting.episode }, setState);
    cancels.current.set(key, handle.cancel);
    setState({ phase: 'sending', sent: 0, total: waiting.file.size, uploadId: null, retrying: false, error: null });
  }, [uploads, dramaId, queryClient]);

  const numberValue = Number(number);
  const numberValid = /^\d+$/.test(number) && numberValue >= 1;
  const canStart = files.length > 0 && (!numbered || (files.length === 1 && numberValid));

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!canStart) return;
    const chosen = [...files].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    const episode: EpisodeChoice = numbered ? numberValue : EPISODE_UPLOAD_NEXT;
    setUploads((current) => [
      ...current,
      ...chosen.map((file) => ({ key: (nextKey += 1), file, episode, state: null })),
    ]);
    setFiles([]);
    setNumber('');
    if (fileInput.current) fileInput.current.value = '';
  };

  const cancel = (key: number) => {
    const handle = cancels.current.get(key);
    if (handle) void handle();
    else setUploads((current) => current.filter((item) => item.key !== key));
  };

  const byUploadId = new Map(list.map((item) => [item.upload_id, item]));
  return (
    <div className="episode-upload">
      <form className="form" onSubmit={start}>
        <div className="field">
          <label className="field__label" htmlFor="episode-upload-files">
            {t('episodeUpload.files')}
          </label>
          <input
            ref={fileInput}
            id="episode-upload-files"
            className="input"
            type="file"
            accept="video/*"
            multiple
            aria-describedby="episode-upload-files-hint"
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          <p className="field__hint" id="episode-upload-files-hint">
            {t('episodeUpload.filesHint')}
          </p>
        </div>
        <fieldset className="field">
          <legend className="field__label">{t('episodeUpload.number')}</legend>
          <label className="field--check">
            <input type="radio" name="episode-upload-number" checked={!numbered} onChange={() => setNumbered(false)} />
            {t('episodeUpload.number.next')}
          </label>
          <label className="field--check">
            <input type="radio" name="episode-upload-number" checked={numbered} onChange={() => setNumbered(true)} />
            {t('episodeUpload.number.given')}
          </label>
          {numbered && (
            <>
              <input
                className="input"
                type="number"
                min={1}
                inputMode="numeric"
                aria-label={t('episodeUpload.number')}
                aria-invalid={number !== '' && !numberValid}
                value={number}
                onChange={(event) => setNumber(event.target.value)}
              />
              {files.length > 1 && <p className="field__error">{t('episodeUpload.number.oneFile')}</p>}
            </>
          )}
        </fieldset>
        <div className="form__actions form__actions--start">
          <button type="submit" className="button button--primary" disabled={!canStart}>
            {t('episodeUpload.start')}
          </button>
        </div>
      </form>

      {uploads.length > 0 && (
        <>
          <h4>{t('episodeUpload.mine')}</h4>
          <ul className="episode-upload__list">
            {uploads.map((item) => (
              <LocalUploadRow
                key={item.key}
                item={item}
                imported={item.state?.uploadId ? byUploadId.get(item.state.uploadId) : undefined}
                onCancel={() => cancel(item.key)}
              />
            ))}
          </ul>
        </>
      )}

      <h4>{t('episodeUpload.recent')}</h4>
      {imports.error && <ErrorNotice error={imports.error} onRetry={() => void imports.refetch()} />}
      {list.length === 0 ? (
        <p className="field__hint">{t('episodeUpload.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('episodeUpload.col.episode')}</th>
                <th scope="col">{t('episodeUpload.col.file')}</th>
                <th scope="col">{t('episodeUpload.col.state')}</th>
                <th scope="col">{t('episodeUpload.col.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((item) => (
                <tr key={item.id}>
                  <td>{item.episode_number}</td>
                  <td>{item.filename}</td>
                  <td>
                    {importStateText(item)}
                    {item.state === 'failed' && <ImportError item={item} />}
                  </td>
                  <td>{utcTime(item.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
