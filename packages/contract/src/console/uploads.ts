import { z } from 'zod';
import { idParamsSchema } from '../endpoints/catalog.js';
import { CONSOLE_API_PREFIX, defineConsoleEndpoint } from './console-endpoint.js';

/**
 * Episode uploads (docs/console.md#uploading-episodes): a video travels by the tus resumable
 * upload protocol to UPLOADS_PATH, then an import job turns it into an episode. These endpoints
 * report the imports' progress for polling.
 */

/** The tus endpoint (POST creates an upload, HEAD asks its offset, PATCH sends bytes). Not a contract endpoint: tus speaks its own protocol. */
export const CONSOLE_UPLOADS_URL = `${CONSOLE_API_PREFIX}/uploads`;

/** The keys of an upload's `Upload-Metadata` (tus): which drama, which episode, the file's name and type. */
export const EPISODE_UPLOAD_METADATA = {
  dramaId: 'drama_id',
  /** A number from 1, or EPISODE_UPLOAD_NEXT for the one after the drama's last (imports in flight included). */
  episode: 'episode',
  filename: 'filename',
  /** The browser's MIME type of the file; anything but `video/*` is refused before a byte is sent. */
  filetype: 'filetype',
} as const;

export const EPISODE_UPLOAD_NEXT = 'next';

/** Unfinished uploads are deleted after this long (tus's `Upload-Expires`). */
export const EPISODE_UPLOAD_EXPIRY_HOURS = 24;

/**
 * `uploading` while bytes arrive; `queued` once the last one did; then the import's steps, `probing`
 * (ffprobe), `transcoding` (the HLS ladder and download.mp4, with a percentage) and `storing` (into
 * media storage); `ready` once the episode is in the catalogue, `failed` with a code otherwise.
 */
export const EPISODE_IMPORT_STATES = [
  'uploading',
  'queued',
  'probing',
  'transcoding',
  'storing',
  'ready',
  'failed',
] as const;
export type EpisodeImportState = (typeof EPISODE_IMPORT_STATES)[number];

export const EPISODE_IMPORT_TERMINAL_STATES: readonly EpisodeImportState[] = ['ready', 'failed'];

export function isTerminalImportState(state: EpisodeImportState): boolean {
  return EPISODE_IMPORT_TERMINAL_STATES.includes(state);
}

export const episodeImportSchema = z.object({
  id: z.number().int(),
  drama_id: z.number().int(),
  episode_number: z.number().int(),
  /** The tus upload id (the last part of its URL). */
  upload_id: z.string(),
  operator_id: z.number().int().nullable(),
  filename: z.string(),
  size_bytes: z.number().int(),
  state: z.enum(EPISODE_IMPORT_STATES),
  /** How far the current step is, 0–100 (transcoding: the share of the video encoded). */
  percent: z.number().int().min(0).max(100),
  /** Set when failed: a response code (80009 not a usable video, 80010 expired, 10000 the import broke). */
  error_code: z.number().int().nullable(),
  error_message: z.string().nullable(),
  /** The episode made or replaced, once ready. */
  episode_id: z.number().int().nullable(),
  /** True when the import replaced the media of an episode that existed. */
  replaced: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EpisodeImport = z.infer<typeof episodeImportSchema>;

const UPLOADS_ACCESS = ['editor'] as const;

export const consoleListEpisodeImports = defineConsoleEndpoint({
  method: 'GET',
  path: '/catalogue/dramas/:id/imports',
  access: UPLOADS_ACCESS,
  summary: "A drama's latest episode uploads and imports (at most 50), newest first",
  params: idParamsSchema,
  data: z.object({ imports: z.array(episodeImportSchema) }),
});

export const consoleGetEpisodeImport = defineConsoleEndpoint({
  method: 'GET',
  path: '/catalogue/imports/:id',
  access: UPLOADS_ACCESS,
  summary: 'One episode upload and import, for polling its progress',
  params: idParamsSchema,
  data: episodeImportSchema,
});
