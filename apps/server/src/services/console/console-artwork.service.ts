import { createHash } from 'node:crypto';
import { artworkCopies, Code } from '@cliffhanger/contract';
import type { ArtworkKind, ConsoleDrama } from '@cliffhanger/contract/console';
import sharp, { type Metadata } from 'sharp';
import {
  ARTWORK_MAX_INPUT_PIXELS,
  artworkPathOf,
  imageArtworkKey,
  renderArtwork,
} from '../../catalog-import/prepare-artwork.js';
import { isStored, putBytes } from '../../catalog-import/storage-io.js';
import { AppError } from '../../http/envelope.js';
import { Semaphore } from '../../lib/semaphore.js';
import type { MediaStorage } from '../../media/storage/media-storage.js';
import { ACCEPTED_IMAGE_FORMATS } from '../avatar.service.js';
import { dramaNotFound, type DramaChanges } from './drama-changes.js';

export interface ConsoleArtworkServiceDeps {
  dramas: DramaChanges;
  media: MediaStorage;
}

const COLUMNS = { poster: 'poster', banner: 'banner' } as const satisfies Record<ArtworkKind, string>;

function invalidImage(cause?: unknown): AppError {
  return new AppError(Code.IMAGE_INVALID, 'The file is not a supported image', null, { cause });
}

/** Whether `bytes` are an image of a format we take, whatever the file was called (as for avatars). */
async function assertImage(bytes: Buffer): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: ARTWORK_MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    throw invalidImage(error);
  }
  if (meta.format === undefined || !ACCEPTED_IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw invalidImage();
  }
}

/** Stored artwork of ours: the JPEG and its WebP copies (an empty or foreign path has none). */
function artworkFiles(path: string): string[] {
  if (!/^(posters|banners)\//.test(path)) return [];
  return [path, ...artworkCopies(path).map((copy) => copy.path)];
}

/**
 * A drama's poster and banner from the console. The image goes through the catalogue import's
 * own rendering (re-encoded JPEG with WebP copies, metadata dropped, named after the image), so a
 * poster set here is the file `npm run catalog -- import` would make of the same image.
 */
export class ConsoleArtworkService {
  /** Decodes at once: rare uploads of large images queue instead of adding up in memory. */
  private readonly decodes = new Semaphore(1);

  constructor(private readonly deps: ConsoleArtworkServiceDeps) {}

  async upload(operatorId: number, dramaId: number, kind: ArtworkKind, bytes: Buffer): Promise<ConsoleDrama> {
    const { dramas, media } = this.deps;
    const drama = await dramas.repo.findById(dramaId);
    if (!drama) throw dramaNotFound(dramaId);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const path = artworkPathOf(kind, drama.slug, imageArtworkKey(sha256));
    const stored = await isStored(media, path);
    if (!stored) {
      const files = await this.decodes.run(async () => {
        await assertImage(bytes);
        // Headers that parse over pixel data that does not (a truncated file) fail here.
        return renderArtwork(kind, bytes, path).catch((error: unknown) => {
          throw invalidImage(error);
        });
      });
      for (const file of files) await putBytes(media, file.path, file.bytes);
    }

    const column = COLUMNS[kind];
    try {
      return await dramas.apply(
        { operatorId, dramaId, action: `drama.${kind}`, reason: undefined },
        async (tx, row) => {
          const previous = row[column];
          if (previous === path) return null;
          await dramas.repo.update(dramaId, { [column]: path }, tx);
          return {
            before: { [kind]: previous },
            after: { [kind]: path },
            // Only this drama's row named the old file (artwork names carry the slug).
            afterCommit: async () => {
              for (const file of artworkFiles(previous)) await media.delete(file);
            },
          };
        },
      );
    } catch (error) {
      // The drama went away meanwhile: what this upload stored is nobody's.
      if (!stored) for (const file of artworkFiles(path)) await media.delete(file).catch(() => undefined);
      throw error;
    }
  }
}
