/**
 * Writes to a `<video>`. They live outside components and hooks because a media element is
 * mutable by nature, which React's compiler rules cannot tell from props or state.
 */
export function setMuted(video: HTMLVideoElement, muted: boolean): void {
  video.muted = muted;
}

export function seekTo(video: HTMLVideoElement, seconds: number): void {
  video.currentTime = seconds;
}

export function setSource(video: HTMLVideoElement, src: string): void {
  video.src = src;
}

/** Detaches the source so the element stops loading and frees its buffers. */
export function clearSource(video: HTMLVideoElement): void {
  video.removeAttribute('src');
  video.load();
}

export function showOnlyTrack(video: HTMLVideoElement, language: string | null): void {
  for (const element of video.querySelectorAll('track')) {
    // `track` is always there in browsers; jsdom has no text tracks.
    const track = element.track as TextTrack | undefined;
    if (!track) continue;
    const mode = language !== null && element.srclang === language ? 'showing' : 'disabled';
    // Only a real change is written, so re-applying on the list's change event settles at once.
    if (track.mode !== mode) track.mode = mode;
  }
}

/** What React would write on the `<video>` it renders, for an element it took over instead. */
export interface PlayerAttributes {
  className: string;
  testId: string;
  episodeId: number;
  level: number | null;
  hidden: boolean;
  crossOrigin: 'anonymous' | null;
}

export function applyPlayerAttributes(video: HTMLVideoElement, attributes: PlayerAttributes): void {
  video.className = attributes.className;
  video.setAttribute('data-testid', attributes.testId);
  video.setAttribute('data-episode-id', String(attributes.episodeId));
  video.setAttribute('data-level', attributes.level === null ? '' : String(attributes.level));
  if (attributes.hidden) video.setAttribute('aria-hidden', 'true');
  else video.removeAttribute('aria-hidden');
  // Only a real change: setting it again restarts the resource selection.
  if (video.crossOrigin !== attributes.crossOrigin) video.crossOrigin = attributes.crossOrigin;
}

export interface SubtitleTrack {
  lang: string;
  label: string;
  url: string;
}

/** The element's `<track>` children, as React would render them for `tracks`. */
export function setSubtitleTracks(video: HTMLVideoElement, tracks: readonly SubtitleTrack[]): void {
  for (const element of video.querySelectorAll('track')) element.remove();
  for (const track of tracks) {
    const element = document.createElement('track');
    element.kind = 'subtitles';
    element.srclang = track.lang;
    element.label = track.label;
    element.src = track.url;
    video.append(element);
  }
}
