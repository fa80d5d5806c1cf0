/**
 * The URL a browser loads for a stored media path: media is addressed by relative path, and MEDIA_BASE_URL
 * may put a CDN in front (docs/architecture.md#data-and-storage). `base` is `/media` or `https://cdn…/x`.
 */
export function publicMediaUrl(base: string, path: string): string {
  if (path === '' || /^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
