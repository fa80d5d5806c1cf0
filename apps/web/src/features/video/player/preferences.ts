import {
  DEFAULT_PLAYBACK_RATE,
  isPlaybackRate,
  LANGUAGES,
  type Language,
  type PlaybackRate,
} from '@cliffhanger/contract/browser';
import { QUALITY_STORAGE_KEY, type Quality } from '../../../lib/player/quality';
import { safeLocalStorage } from '../../../lib/safe-local-storage';

/** localStorage keys of the player's remembered choices. */
export const PREFERENCE_KEYS = {
  quality: QUALITY_STORAGE_KEY,
  subtitles: 'video_subtitles',
  autoUnlock: 'video_auto_unlock',
  playbackRate: 'video_playback_rate',
} as const;

export type SubtitleChoice = 'off' | Language;

const read = (key: string): string | null => safeLocalStorage()?.getItem(key) ?? null;

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the choice holds for this visit only.
  }
}

export function writeQuality(quality: Quality): void {
  write(PREFERENCE_KEYS.quality, quality);
}

function isSubtitleChoice(value: unknown): value is SubtitleChoice {
  return value === 'off' || (typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value));
}

/** The stored subtitle choice, or null when the viewer never chose. */
export function readSubtitleChoice(): SubtitleChoice | null {
  const stored = read(PREFERENCE_KEYS.subtitles);
  return isSubtitleChoice(stored) ? stored : null;
}

export function writeSubtitleChoice(choice: SubtitleChoice): void {
  write(PREFERENCE_KEYS.subtitles, choice);
}

/** Auto-unlock of the next episode is off by default (docs/architecture.md#catalogue-and-unlocking). */
export function readAutoUnlock(): boolean {
  return read(PREFERENCE_KEYS.autoUnlock) === 'true';
}

export function writeAutoUnlock(on: boolean): void {
  write(PREFERENCE_KEYS.autoUnlock, on ? 'true' : 'false');
}

/**
 * The speed this device last played at: a visitor's only record of it, and a signed-in viewer's
 * until their account's answers (api/playback-preferences.ts).
 */
export function readPlaybackRate(): PlaybackRate {
  const stored = Number(read(PREFERENCE_KEYS.playbackRate));
  return isPlaybackRate(stored) ? stored : DEFAULT_PLAYBACK_RATE;
}

export function writePlaybackRate(rate: PlaybackRate): void {
  write(PREFERENCE_KEYS.playbackRate, String(rate));
}

/**
 * The subtitle track to show: the viewer's stored choice when this episode has it (or 'off'),
 * else the interface language when the episode has it, else none.
 */
export function effectiveSubtitle(
  stored: SubtitleChoice | null,
  available: readonly Language[],
  uiLanguage: Language,
): SubtitleChoice {
  if (stored === 'off') return 'off';
  if (stored && available.includes(stored)) return stored;
  return available.includes(uiLanguage) ? uiLanguage : 'off';
}
