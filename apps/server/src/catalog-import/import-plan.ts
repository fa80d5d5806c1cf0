import type { HlsFolder } from './hls-folder.js';
import type { Language } from '@cliffhanger/contract';
import type { ManifestDrama, ManifestEpisode } from './manifest.js';

/** What an episode's media comes from, with the hash that versions its media dir. */
export type EpisodeInput =
  { kind: 'source'; file: string; sha256: string } | { kind: 'hls'; dir: string; sha256: string; folder: HlsFolder };

export interface PlannedSubtitle {
  /** The manifest's file (for messages). */
  file: string;
  /** Sanitised WebVTT, ready to store. */
  vtt: string;
}

export interface PlannedEpisode {
  number: number;
  title: ManifestEpisode['title'];
  input: EpisodeInput;
  subtitles: Partial<Record<Language, PlannedSubtitle>>;
}

export interface PlannedImage {
  file: string;
  sha256: string;
}

/** A drama whose every file was checked (phase 1): nothing left to find wrong but ffmpeg itself. */
export interface PlannedDrama {
  drama: ManifestDrama;
  episodes: PlannedEpisode[];
  poster: PlannedImage | undefined;
  banner: PlannedImage | undefined;
}
