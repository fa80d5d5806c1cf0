import type { AdPlacement, Language } from '@cliffhanger/contract';

/** One ad ready to show: what the player needs, with a signed clip URL. */
export interface AdCreative {
  /** Stable per creative, e.g. `house:drama:12`. */
  id: string;
  /** Which source it came from; only `house` today. */
  kind: 'house';
  dramaId: number;
  title: string;
  poster: string;
  playlistUrl: string;
  /** Length of the clip in seconds: a rewarded ad pays only once this much time has passed. */
  durationS: number;
}

export interface AdRequest {
  placement: AdPlacement;
  /** Do not promote the drama being watched. */
  excludeDramaId?: number | undefined;
  lang: Language;
}

/**
 * Where ads come from. The house source promotes our own dramas; a real ad network can take
 * its place behind this interface without the ads service or the routes changing.
 */
export interface AdSource {
  /** null when the source has nothing to show. */
  next(request: AdRequest): Promise<AdCreative | null>;
}
