import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorTypes, Events, Hls } from './hls';
import { clearSource, seekTo, setSource } from './media-element';
import { hlsErrorAction, isUsablePlaylist, mediaElementError, type PlayerError } from './player-errors';
import { levelIndexForQuality, qualitiesFor, type Quality } from './quality';

/** A preloading player fetches the first 4 s segment and stops, so a swipe shows a frame at once. */
export const PRELOAD_BUFFER_S = 1;
const PLAY_BUFFER_S = 30;
const PLAY_MAX_BUFFER_S = 60;
const HLS_MIME = 'application/vnd.apple.mpegurl';

export type PlayerEngine = 'hls' | 'native' | 'none';

export interface LevelInfo {
  height: number;
}

export interface HlsPlayerOptions {
  video: HTMLVideoElement | null;
  /** The signed master playlist of this viewer. */
  src: string;
  /** Visible and playing: buffer normally. False: preload the start only. */
  active: boolean;
  /** Seconds to start at (resume); read when the source is attached. */
  startPosition: number;
  quality: Quality;
}

export interface HlsPlayerState {
  engine: PlayerEngine | null;
  /** hls.js levels (empty with native HLS). */
  levels: LevelInfo[];
  /** What the quality menu offers: native HLS picks its own rendition, so only auto there. */
  qualities: Quality[];
  /** Height of the level hls.js is playing now (LEVEL_SWITCHED). */
  playingHeight: number | null;
  error: PlayerError | null;
}

/** hls.js where Media Source Extensions exist, else the browser's own HLS (Safari, iOS). */
export function engineFor(video: HTMLVideoElement): PlayerEngine {
  if (Hls.isSupported()) return 'hls';
  return video.canPlayType(HLS_MIME) ? 'native' : 'none';
}

interface EngineState {
  levels: LevelInfo[];
  playingHeight: number | null;
  error: PlayerError | null;
}

const INITIAL: EngineState = { levels: [], playingHeight: null, error: null };

/**
 * Attaches an HLS source to a `<video>`: hls.js (quality levels, error recovery) or native HLS.
 * A manual quality choice sets `hls.currentLevel`, which switches the playing level at once.
 */
export function useHlsPlayer({ video, src, active, startPosition, quality }: HlsPlayerOptions): HlsPlayerState {
  const [state, setState] = useState<EngineState>(INITIAL);
  const hlsRef = useRef<Hls | null>(null);
  const appliedQuality = useRef<Quality>(quality);
  const latest = useRef({ active, startPosition, quality });
  useEffect(() => {
    latest.current = { active, startPosition, quality };
  });

  const usable = isUsablePlaylist(src);

  useEffect(() => {
    if (!video || !usable) return;
    const engine = engineFor(video);
    const start = latest.current.startPosition;
    const fail = (error: PlayerError) => setState((s) => (s.error ? s : { ...s, error }));

    if (engine === 'hls') {
      const buffer = latest.current.active ? PLAY_BUFFER_S : PRELOAD_BUFFER_S;
      const hls = new Hls({
        startPosition: start > 0 ? start : -1,
        maxBufferLength: buffer,
        maxMaxBufferLength: latest.current.active ? PLAY_MAX_BUFFER_S : buffer,
        capLevelToPlayerSize: false,
      });
      hlsRef.current = hls;
      let recovered = false;
      hls.on(Events.MANIFEST_PARSED, (_event, data) => {
        const levels = data.levels.map((level) => ({ height: level.height }));
        appliedQuality.current = latest.current.quality;
        const index = levelIndexForQuality(levels, latest.current.quality);
        if (index !== -1) {
          // Before the first fragment: start on the chosen rendition and stay there.
          hls.startLevel = index;
          hls.loadLevel = index;
        }
        setState((s) => ({ ...s, levels }));
      });
      hls.on(Events.LEVEL_SWITCHED, (_event, data) => {
        const height = hls.levels[data.level]?.height ?? null;
        setState((s) => ({ ...s, playingHeight: height }));
      });
      hls.on(Events.ERROR, (_event, data) => {
        const action = hlsErrorAction({ fatal: data.fatal, type: data.type }, recovered);
        if (action === 'ignore') return;
        if (action === 'recover' && data.type === ErrorTypes.MEDIA_ERROR) {
          recovered = true;
          hls.recoverMediaError();
          return;
        }
        hls.stopLoad();
        fail(action === 'recover' ? 'playbackFailed' : action);
      });
      // hls.js seeks to startPosition once its first fragment is buffered, but an autoplay that
      // is quicker (the first fragment also holds second 0) starts the episode from the top, and
      // then hls.js leaves it there. Until the playhead has reached the start once, every
      // metadata, playing and time update puts it there; after that the viewer seeks freely.
      const events = ['loadedmetadata', 'playing', 'timeupdate'] as const;
      let reachedStart = start <= 0;
      const holdStart = () => {
        if (reachedStart) return;
        if (video.currentTime < start - 0.5) seekTo(video, start);
        else reachedStart = true;
      };
      for (const name of events) video.addEventListener(name, holdStart);
      hls.attachMedia(video);
      hls.loadSource(src);
      return () => {
        for (const name of events) video.removeEventListener(name, holdStart);
        hls.destroy();
        hlsRef.current = null;
      };
    }

    if (engine === 'native') {
      const onMetadata = () => {
        if (start > 0) seekTo(video, start);
      };
      const onResize = () => setState((s) => ({ ...s, playingHeight: video.videoHeight || null }));
      const onError = () => {
        const error = mediaElementError(video.error?.code);
        if (error) fail(error);
      };
      video.addEventListener('loadedmetadata', onMetadata, { once: true });
      video.addEventListener('resize', onResize);
      video.addEventListener('error', onError);
      setSource(video, src);
      return () => {
        video.removeEventListener('loadedmetadata', onMetadata);
        video.removeEventListener('resize', onResize);
        video.removeEventListener('error', onError);
        clearSource(video);
      };
    }
    return undefined;
  }, [video, src, usable]);

  // A preloaded player that comes on screen buffers like any other.
  useEffect(() => {
    const hls = hlsRef.current;
    if (!hls || !active) return;
    hls.config.maxBufferLength = PLAY_BUFFER_S;
    hls.config.maxMaxBufferLength = PLAY_MAX_BUFFER_S;
  }, [active, video, src]);

  useEffect(() => {
    const hls = hlsRef.current;
    if (!hls || state.levels.length === 0 || appliedQuality.current === quality) return;
    appliedQuality.current = quality;
    const index = levelIndexForQuality(state.levels, quality);
    // Auto hands the choice back to the ABR controller without throwing away the buffer.
    if (index === -1) hls.loadLevel = -1;
    else hls.currentLevel = index;
  }, [quality, state.levels]);

  const engine = video ? engineFor(video) : null;
  let error = state.error;
  if (!usable) error = 'invalidVideo';
  else if (engine === 'none') error = 'playbackFailed';
  // One object per change, so a parent can keep it in state without re-rendering in a loop.
  return useMemo(
    () => ({
      engine,
      levels: engine === 'hls' ? state.levels : [],
      qualities: engine === 'hls' ? qualitiesFor(state.levels) : ['auto'],
      playingHeight: state.playingHeight,
      error,
    }),
    [engine, state.levels, state.playingHeight, error],
  );
}
