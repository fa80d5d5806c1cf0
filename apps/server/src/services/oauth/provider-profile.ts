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
