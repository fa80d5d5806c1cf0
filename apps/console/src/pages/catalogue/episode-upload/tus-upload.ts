import { Code } from '@cliffhanger/contract/browser';
import {
  CONSOLE_REQUEST_HEADER,
  CONSOLE_UPLOADS_URL,
  EPISODE_UPLOAD_METADATA,
  type EPISODE_UPLOAD_NEXT,
} from '@cliffhanger/contract/console';
import { DetailedError, Upload, type PreviousUpload } from 'tus-js-client';
import { ConsoleApiError } from '../../../api/console-api';

/**
 * Bytes per PATCH request: small enough to arrive within the server's HTTP_REQUEST_TIMEOUT_S
 * (60 s by default) on an uplink of about 1.2 Mbit/s, large enough that the guard's check per
 * request costs nothing beside the bytes. The nginx site (deploy/nginx) takes up to 16 MB on the
 * uploads' path. A cut connection loses at most the chunk in flight.
 */
const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Waits between tries after a failure that is not a refusal (a dropped connection, a restarting
 * server): about ten minutes in all before the upload gives up and says so.
 */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 120_000, 120_000, 180_000];

export type EpisodeChoice = number | typeof EPISODE_UPLOAD_NEXT;

/** Where one file's upload stands, as the page shows it. */
export interface UploadState {
  phase: 'sending' | 'sent' | 'failed' | 'cancelled';
  sent: number;
  total: number;
  /** Known once the server has made the upload (the last part of its URL). */
  uploadId: string | null;
  /** A try failed and the next one is coming (a dropped connection). */
  retrying: boolean;
  error: ConsoleApiError | null;
}

/** A refusal as the console's other calls report theirs: the envelope's code in the body, or a network failure. */
function apiErrorOf(error: Error): ConsoleApiError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new ConsoleApiError(Code.INTERNAL_ERROR, error.message, null, 'network');
  try {
    const envelope = JSON.parse(response.getBody()) as { code?: unknown; message?: unknown; data?: unknown };
    if (typeof envelope.code === 'number') {
      const message = typeof envelope.message === 'string' ? envelope.message : '';
      return new ConsoleApiError(envelope.code, message, envelope.data ?? null);
    }
  } catch {
    // Not the envelope: said below with the status.
  }
  return new ConsoleApiError(Code.INTERNAL_ERROR, `HTTP ${response.getStatus()}`, null, 'bad-response');
}

/** The upload id in an upload's URL. */
function uploadIdOf(url: string | null): string | null {
  return url?.split('/').pop() ?? null;
}

/**
 * Sends one file to a drama by tus. Before creating an upload it looks for one this browser began
 * for the same file, drama and episode (after a reload, or a tab closed mid-way) and resumes it
 * from the server's offset; a dropped connection is tried again with RETRY_DELAYS_MS, each try
 * resuming where the server's offset says. `report` is told every change.
 */
export function startEpisodeUpload(
  file: File,
  target: { dramaId: number; episode: EpisodeChoice },
  report: (state: UploadState) => void,
): { cancel: () => Promise<void> } {
  let state: UploadState = {
    phase: 'sending',
    sent: 0,
    total: file.size,
    uploadId: null,
    retrying: false,
    error: null,
  };
  const update = (change: Partial<UploadState>) => {
    state = { ...state, ...change };
    report(state);
  };
  const metadata = {
    [EPISODE_UPLOAD_METADATA.dramaId]: String(target.dramaId),
    [EPISODE_UPLOAD_METADATA.episode]: String(target.episode),
    [EPISODE_UPLOAD_METADATA.filename]: file.name,
    [EPISODE_UPLOAD_METADATA.filetype]: file.type,
  };
  const upload = new Upload(file, {
    endpoint: CONSOLE_UPLOADS_URL,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata,
    headers: { [CONSOLE_REQUEST_HEADER]: '1' },
    removeFingerprintOnSuccess: true,
    onUploadUrlAvailable: () => update({ uploadId: uploadIdOf(upload.url) }),
    onProgress: (sent, total) => update({ sent, total, retrying: false }),
    onShouldRetry: (error) => {
      // tus's own rule: a refusal (4xx but a conflict or a lock) is final, anything else is tried again.
      const status = error.originalResponse?.getStatus() ?? 0;
      const retry = status < 400 || status >= 500 || status === 409 || status === 423;
      if (retry) update({ retrying: true });
      return retry;
    },
    onSuccess: () => update({ phase: 'sent', sent: file.size, retrying: false }),
    onError: (error) => update({ phase: 'failed', retrying: false, error: apiErrorOf(error) }),
  });

  const sameTarget = (previous: PreviousUpload) =>
    previous.metadata[EPISODE_UPLOAD_METADATA.dramaId] === metadata[EPISODE_UPLOAD_METADATA.dramaId] &&
    previous.metadata[EPISODE_UPLOAD_METADATA.episode] === metadata[EPISODE_UPLOAD_METADATA.episode];
  void upload
    .findPreviousUploads()
    .catch(() => [])
    .then((previous) => {
      const mine = previous.find(sameTarget);
      if (mine) upload.resumeFromPreviousUpload(mine);
      upload.start();
    });

  return {
    cancel: async () => {
      // Terminating deletes the server's bytes; its import row ends as cancelled.
      await upload.abort(state.uploadId !== null).catch(() => undefined);
      update({ phase: 'cancelled', retrying: false });
    },
  };
}
