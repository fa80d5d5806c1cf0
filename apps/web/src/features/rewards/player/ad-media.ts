/**
 * Writes to the ad's `<video>`. They live outside hooks because a media element is mutable by
 * nature, which React's compiler rules cannot tell from props or state.
 */
export function setVideoSource(video: HTMLVideoElement, src: string | null): void {
  if (src === null) {
    video.removeAttribute('src');
    video.load();
  } else {
    video.src = src;
  }
}

/**
 * Plays; a browser that refuses sound without a gesture gets it muted. Resolves false when it
 * cannot play at all.
 */
export async function playWithFallback(video: HTMLVideoElement): Promise<boolean> {
  try {
    await video.play();
    return true;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'NotAllowedError') || video.muted) return false;
    video.muted = true;
    try {
      await video.play();
      return true;
    } catch {
      return false;
    }
  }
}
