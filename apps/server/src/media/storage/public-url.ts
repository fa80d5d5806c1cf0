/**
 * The URL a browser loads for a stored media path (spec §3: media is served by relative path;
 * DESIGN §2: MEDIA_BASE_URL may put a CDN in front). `base` is `/media` or `https://cdn…/x`.
 */
export function publicMediaUrl(base: string, path: string): string {
  if (path === '' || /^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
