import { useAppConfig } from './app-config/get-app-config';

/** Spec §3: media is addressed by relative path on the storage host. */
export function mediaUrl(path: string, baseUrl: string): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('//')) return path;
  const base = (baseUrl || '/media').replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

export function useMediaUrl(path: string | null | undefined): string {
  const base = useAppConfig().data?.media_base_url ?? '/media';
  return path ? mediaUrl(path, base) : '';
}
