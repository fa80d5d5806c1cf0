import { randomUUID } from 'node:crypto';
import { Code } from '@cliffhanger/contract';
import type { Db } from '../db/database.js';
import { isAppError } from '../http/envelope.js';
import type { JobData } from './jobs.js';
import { Semaphore } from '../lib/semaphore.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { UsersRepository } from '../repositories/users.repository.js';
import { AVATAR_CONCURRENT_DECODES, reencodeAvatar } from './avatar.service.js';
import type { ProviderImageFetcher } from './oauth/provider-image.js';
import { deleteMediaQuietly } from './user.service.js';

export interface AvatarCopyServiceDeps {
  db: Db;
  media: MediaStorage;
  images: ProviderImageFetcher;
  /** Shared with uploads in an API process, so copies and uploads together stay within the cap. */
  decodes?: Semaphore;
  log?: { warn(fields: Record<string, unknown>, message: string): void };
}

export type AvatarCopyResult = { copied: true; avatar: string } | { copied: false; reason: string };

/**
 * A provider's picture copied into media storage as the user's avatar (`avatars/<uuid>.webp`),
 * because provider picture URLs expire (Facebook's and TikTok's within days) and would otherwise
 * leave a broken image. Runs as the `avatar-copy` job, never in the sign-in request.
 *
 * Safe to repeat and to race: the user row is changed only while its avatar is still the
 * provider URL the job replaces, in one conditional UPDATE, so a second run, a run after the
 * user uploaded or removed an avatar, or after the account was deleted, changes nothing.
 */
export class AvatarCopyService {
  private readonly users: UsersRepository;
  private readonly decodes: Semaphore;

  constructor(private readonly deps: AvatarCopyServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.decodes = deps.decodes ?? new Semaphore(AVATAR_CONCURRENT_DECODES);
  }

  /** Throws for what may pass (the provider's host unreachable), so the queue tries again. */
  async copy(input: JobData['avatar-copy'], signal: AbortSignal): Promise<AvatarCopyResult> {
    // Checked first so a repeat costs one read, not a download.
    const user = await this.users.findActiveById(input.userId);
    if (!user || user.avatar !== input.replaces) return { copied: false, reason: 'avatar changed' };

    const image = await this.deps.images(input.url, signal);
    if (!image.ok) return { copied: false, reason: image.reason };
    let encoded: Buffer;
    try {
      encoded = await this.decodes.run(() => reencodeAvatar(image.bytes));
    } catch (error) {
      if (isAppError(error) && error.code === Code.IMAGE_INVALID)
        return { copied: false, reason: 'not a supported image' };
      throw error;
    }

    const path = `avatars/${randomUUID()}.webp`;
    await this.deps.media.put(path, encoded, 'image/webp');
    if (await this.users.replaceAvatar(input.userId, input.replaces, path)) return { copied: true, avatar: path };
    // The user changed their avatar while this one was being made: theirs stays, this file goes.
    await deleteMediaQuietly(this.deps.media, this.deps.log, path);
    return { copied: false, reason: 'avatar changed' };
  }
}
