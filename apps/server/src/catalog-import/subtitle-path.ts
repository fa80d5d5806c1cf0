import type { Language } from '@cliffhanger/contract';
import { sha256Hex } from '../lib/tokens.js';
import { short } from './file-hash.js';

/**
 * Where an episode's WebVTT in `lang` is stored: beside its media, named after its content, so a
 * changed subtitle never overwrites the one being served. The import and the console's subtitle
 * upload both name their files so.
 */
export function subtitlePath(mediaDir: string, lang: Language, vtt: string): string {
  return `${mediaDir}/subs/${lang}-${short(sha256Hex(vtt))}.vtt`;
}
