import { randomUUID } from 'node:crypto';
import { Code } from '@cliffhanger/contract';
import sharp from 'sharp';
import type { Db } from '../db/database.js';
import { AppError } from '../http/envelope.js';
import { Semaphore } from '../lib/semaphore.js';
import { UsersRepository } from '../repositories/users.repository.js';
import { isStoredMediaPath } from '../media/storage/media-paths.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { enforceRateLimit, type RateLimiter } from './rate-limit/rate-limiter.js';
import type { UserService } from './user.service.js';

/** Formats a phone camera or a browser produces; decided from the bytes, never the file name. */
export const ACCEPTED_IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const AVATAR_SIZE_PX = 512;
/**
 * A small file can declare a huge canvas (a decompression bomb). Decoding costs 4 bytes a pixel:
 * 24 megapixels (a 6000×4000 camera photo) is about 100 MB; a 6300×6300 PNG (40 MP, 270 MB
 * measured) is refused before its pixels are decoded.
 */
const AVATAR_MAX_INPUT_PIXELS = 24_000_000;
/** Decodes at once per process: a burst of uploads queues instead of multiplying the memory. */
export const AVATAR_CONCURRENT_DECODES = 2;
/** Uploads per user and hour: a profile picture changes a few times, not hundreds. */
export const AVATAR_UPLOADS_PER_HOUR = 10;
const WEBP_QUALITY = 82;

export interface AvatarServiceDeps {
  db: Db;
  media: MediaStorage;
  users: UserService;
  rateLimiter: RateLimiter;
}

function invalidImage(cause?: unknown): AppError {
  return new AppError(Code.IMAGE_INVALID, 'The file is not a supported image', null, { cause });
}

/**
 * Avatar uploads: only decodable images are accepted; each is re-encoded to a 512×512 WebP,
 * which also drops EXIF (location, camera serial) and any payload hidden in the original file.
 */
export class AvatarService {
  private readonly usersRepo: UsersRepository;
  readonly decodes = new Semaphore(AVATAR_CONCURRENT_DECODES);

  constructor(private readonly deps: AvatarServiceDeps) {
    this.usersRepo = new UsersRepository(deps.db);
  }

  async upload(userId: number, bytes: Buffer): Promise<{ avatar: string }> {
    await enforceRateLimit(this.deps.rateLimiter, `avatar:user:${userId}`, AVATAR_UPLOADS_PER_HOUR, 3600);
    const encoded = await this.decodes.run(() => reencodeAvatar(bytes));
    const path = `avatars/${randomUUID()}.webp`;
    await this.deps.media.put(path, encoded, 'image/webp');

    const previous = await this.deps.db.transaction(async (tx) => {
      const user = await this.usersRepo.findActiveByIdForUpdate(userId, tx);
      if (!user) return undefined;
      await this.usersRepo.updateProfile(userId, { avatar: path }, tx);
      return user.avatar;
    });
    if (previous === undefined) {
      await this.deps.users.deleteMediaQuietly(path);
      throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    }
    // The old file is unreachable from now on; only files this server stored are ours to delete.
    if (isStoredMediaPath(previous)) await this.deps.users.deleteMediaQuietly(previous);
    return { avatar: path };
  }
}

/**
 * Any accepted image as the avatar file: 512×512 WebP without metadata. An upload and a copied
 * provider picture go through the same decode, so a copy is no more trusted than an upload.
 * Throws Code.IMAGE_INVALID for what is not a supported, intact image.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS }).metadata()).format;
  } catch (error) {
    throw invalidImage(error);
  }
  if (format === undefined || !ACCEPTED_IMAGE_FORMATS.has(format)) throw invalidImage();
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none
    // unless told withMetadata). Only the first frame of an animation is kept.
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    // Headers parse but the pixel data is truncated or corrupt.
    throw invalidImage(error);
  }
}
