import { publicMediaUrl } from '../storage/public-url.js';
import type { MediaUrlSigner } from './media-url-signer.js';

/** The URL a browser loads for a stored media path, signed until `exp` (unix seconds). */
export function signedMediaUrl(signer: MediaUrlSigner, mediaBaseUrl: string, path: string, exp: number): string {
  return `${publicMediaUrl(mediaBaseUrl, path)}?${signer.signedQueryUntil(path, exp)}`;
}
