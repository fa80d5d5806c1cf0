import { postUserAvatar } from '@cliffhanger/contract/browser';
import { api } from '../../../lib/api-client';

/** An upload may take longer than an ordinary call on a slow phone connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST /user/avatar: multipart, field `file`. The server re-encodes the image, makes it the
 * avatar at once and answers its media path.
 */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await api.call(postUserAvatar, { body: form, timeoutMs: UPLOAD_TIMEOUT_MS });
  return data.avatar;
}
