import { CONSOLE_UPLOADS_URL, EPISODE_UPLOAD_METADATA } from '@cliffhanger/contract/console';
import type { AppInstance } from '../../src/app-instance.js';
import { consoleHeaders, type ConsoleOperator } from './console-operator.js';

/** The tus protocol version every request carries. */
export const TUS = { 'tus-resumable': '1.0.0' };

/** An `Upload-Metadata` header: comma-separated `key base64(value)` pairs. */
export function uploadMetadata(values: {
  dramaId: number | string;
  episode?: number | string;
  filename?: string;
  filetype?: string;
}): string {
  const pairs: [string, string][] = [
    [EPISODE_UPLOAD_METADATA.dramaId, String(values.dramaId)],
    [EPISODE_UPLOAD_METADATA.episode, String(values.episode ?? 'next')],
    [EPISODE_UPLOAD_METADATA.filename, values.filename ?? 'episode.mp4'],
    [EPISODE_UPLOAD_METADATA.filetype, values.filetype ?? 'video/mp4'],
  ];
  return pairs.map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`).join(',');
}

/** Begins an upload (tus creation); answers the response, whose Location names the upload. */
export function createUpload(
  app: AppInstance,
  operator: ConsoleOperator,
  length: number,
  metadata: Parameters<typeof uploadMetadata>[0],
) {
  return app.inject({
    method: 'POST',
    url: CONSOLE_UPLOADS_URL,
    headers: consoleHeaders(operator, {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': uploadMetadata(metadata),
    }),
  });
}

/** Sends `bytes` at `offset` (tus PATCH). */
export function patchUpload(
  app: AppInstance,
  operator: ConsoleOperator,
  location: string,
  offset: number,
  bytes: Buffer,
) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: consoleHeaders(operator, {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    payload: bytes,
  });
}

/** The server's offset of an upload (tus HEAD). */
export async function uploadOffset(app: AppInstance, operator: ConsoleOperator, location: string): Promise<number> {
  const response = await app.inject({ method: 'HEAD', url: location, headers: consoleHeaders(operator, TUS) });
  if (response.statusCode !== 200) throw new Error(`HEAD ${location}: ${response.statusCode}`);
  return Number(response.headers['upload-offset']);
}

/** Uploads a whole file in chunks of `chunk` bytes; answers the upload's URL. */
export async function uploadInChunks(
  app: AppInstance,
  operator: ConsoleOperator,
  bytes: Buffer,
  metadata: Parameters<typeof uploadMetadata>[0],
  chunk = 64 * 1024,
): Promise<string> {
  const created = await createUpload(app, operator, bytes.length, metadata);
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const location = String(created.headers.location);
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const sent = await patchUpload(app, operator, location, offset, bytes.subarray(offset, offset + chunk));
    if (sent.statusCode !== 204) throw new Error(`PATCH at ${offset}: ${sent.statusCode} ${sent.body}`);
  }
  return location;
}
