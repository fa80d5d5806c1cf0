import { apiOrigin } from './api-origin';
import { useAppConfig } from './app-config/get-app-config';

/** Media is addressed by relative path on the storage host (docs/product.md#entities-and-fields). */
function mediaUrl(path: string, baseUrl: string): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('//')) return path;
  const base = (baseUrl || '/media').replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

/**
 * The URL of a media path under app config's `media_base_url`. Until that has loaded, the API
 * server's own /media, at the API origin in the iOS shell's build. (The shell needs an absolute
 * MEDIA_BASE_URL on the server: the media URLs in API answers are not rewritten here.)
 */
export function useMediaUrl(path: string | null | undefined): string {
  const base = useAppConfig().data?.media_base_url ?? `${apiOrigin()}/media`;
  return path ? mediaUrl(path, base) : '';
}
