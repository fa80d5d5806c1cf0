import type { Language } from '@cliffhanger/contract/browser';

/** Query keys of the video pages; mutations invalidate through these. */
export const videoKeys = {
  drama: (dramaId: number, lang: Language) => ['video', 'drama', dramaId, lang] as const,
  dramaAll: (dramaId: number) => ['video', 'drama', dramaId] as const,
  playback: (episodeId: number, lang: Language) => ['video', 'playback', episodeId, lang] as const,
  playbackAll: () => ['video', 'playback'] as const,
  comments: (episodeId: number) => ['video', 'comments', episodeId] as const,
};
