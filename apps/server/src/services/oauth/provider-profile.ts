import { NICKNAME_MAX, nicknameSchema } from '@cliffhanger/contract';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A provider's display name as a nickname that passes the contract's rule (1–20 characters
 * after trimming, no control characters), or undefined to let the user service pick its
 * default. Cut by code points, not UTF-16 units, so an emoji is never split in half.
 */
export function nicknameFromProviderName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const cleaned = name.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();
  const cut = Array.from(cleaned).slice(0, NICKNAME_MAX).join('').trim();
  const parsed = nicknameSchema.safeParse(cut);
  return parsed.success ? parsed.data : undefined;
}

/** Long enough for any provider's CDN URL, short enough that a hostile value cannot bloat rows. */
const AVATAR_URL_MAX = 2048;

/**
 * The provider's picture as an avatar, only when it is an https URL: the app is served over
 * https (an http image would be mixed content) and any other scheme has no business in `src`.
 */
export function avatarFromProviderPicture(url: string | undefined): string | undefined {
  if (url === undefined || url.length > AVATAR_URL_MAX) return undefined;
  try {
    return new URL(url).protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
