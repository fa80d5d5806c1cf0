/** The quality menu: auto, HD, SD (the ladder: HD 720×1280, SD 480×854; docs/architecture.md#media-and-playback). */
const QUALITIES = ['auto', 'hd', 'sd'] as const;
export type Quality = (typeof QUALITIES)[number];

const QUALITY_HEIGHTS = { hd: 1280, sd: 854 } as const;

function isQuality(value: unknown): value is Quality {
  return typeof value === 'string' && (QUALITIES as readonly string[]).includes(value);
}

/**
 * The hls.js level index for a menu choice: -1 (automatic) for auto; the level of the rendition's
 * height for HD / SD, else the tallest / shortest level; -1 when there are no levels.
 */
export function levelIndexForQuality(levels: readonly { height: number }[], quality: Quality): number {
  if (quality === 'auto' || levels.length === 0) return -1;
  const exact = levels.findIndex((level) => level.height === QUALITY_HEIGHTS[quality]);
  if (exact !== -1) return exact;
  let best = 0;
  levels.forEach((level, index) => {
    const current = levels[best]!.height;
    if (quality === 'hd' ? level.height > current : level.height < current) best = index;
  });
  return best;
}

/** Which menu entries a set of levels offers: auto always, HD and SD when there are two or more. */
export function qualitiesFor(levels: readonly { height: number }[]): Quality[] {
  return levels.length > 1 ? [...QUALITIES] : ['auto'];
}

/** localStorage key of the viewer's remembered quality. */
export const QUALITY_STORAGE_KEY = 'video_quality';

/**
 * The remembered quality, 'auto' when none (or storage is blocked). Not through
 * lib/safe-local-storage: that module is part of the app's start, and the early player, which
 * asks this before the app's start is evaluated, would then import (and evaluate) it.
 */
export function readQuality(): Quality {
  try {
    const stored = localStorage.getItem(QUALITY_STORAGE_KEY);
    return isQuality(stored) ? stored : 'auto';
  } catch {
    return 'auto';
  }
}
