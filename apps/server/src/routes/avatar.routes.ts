import { postUserAvatar } from '@cliffhanger/contract';
import multipart from '@fastify/multipart';
import { ok } from '../http/envelope.js';
import { readSingleFile } from '../http/read-upload.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';

/**
 * POST /user/avatar. Registered with `app.register` (not fastify-plugin), so the multipart parser
 * exists only in this scope: no other route accepts multipart bodies.
 */
export async function avatarRoutes(app: AppInstance): Promise<void> {
  await app.register(multipart);
  const { avatar } = app.services;
  const maxBytes = app.config.avatarMaxBytes;

  registerEndpoint(app, postUserAvatar, async (req) => {
    const { userId } = signedIn(req);
    const bytes = await readSingleFile(req, 'file', maxBytes);
    return ok(await avatar.upload(userId, bytes));
  });
}
