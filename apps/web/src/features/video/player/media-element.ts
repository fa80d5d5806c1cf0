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
