import { useEffect, useMemo, useRef, useState } from 'react';
import { takeEarlyPlayer } from './early-player';
import { ErrorTypes, Events, Hls } from './hls';
import { hlsConfig, setBuffering as setHlsBuffering } from './hls-config';
import { startHlsWorker } from './hls-worker';
import { clearSource, seekTo, setSource } from './media-element';
import { hlsErrorAction, isUsablePlaylist, mediaElementError, type PlayerError } from './player-errors';
import { levelIndexForQuality, qualitiesFor, type Quality } from './quality';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * From the first failed load, or from the moment playback starts waiting for data, this long
 * without the playhead moving is "Failed to load video" with its retry button. hls.js on its own
 * retries a failing segment for ~30 s (and then the other rendition) while the viewer stares at
 * a black screen; a few seconds of retrying, with a spinner, then the truth, reads better.
 */
export const STALL_ERROR_MS = 6_000;

type PlayerEngine = 'hls' | 'native' | 'none';

interface LevelInfo {
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
  /** What the quality menu offers: native HLS picks its own rendition, so only auto there. */
  qualities: Quality[];
  /** Height of the level hls.js is playing now (LEVEL_SWITCHED). */
  playingHeight: number | null;
  /** Playing was asked for but the data is not there yet (a spinner, not a black screen). */
  buffering: boolean;
  error: PlayerError | null;
}

/** hls.js where Media Source Extensions exist, else the browser's own HLS (Safari, iOS). */
function engineFor(video: HTMLVideoElement): PlayerEngine {
  if (Hls.isSupported()) return 'hls';
  return video.canPlayType(HLS_MIME) ? 'native' : 'none';
}

interface EngineState {
  levels: LevelInfo[];
  playingHeight: number | null;
  buffering: boolean;
  error: PlayerError | null;
}

const INITIAL: EngineState = { levels: [], playingHeight: null, buffering: false, error: null };

/**
 * Watches the active player: `waiting` shows the spinner, and a failed load or a wait arms a
 * deadline that only the playhead moving again disarms. Returns the cleanup.
 */
function watchStalls(
  video: HTMLVideoElement,
  isActive: () => boolean,
  onBuffering: (buffering: boolean) => void,
  onStalled: () => void,
): { armed: () => void; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastTime = video.currentTime;
  const disarm = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const arm = () => {
    if (timer || !isActive()) return;
    timer = setTimeout(() => {
      timer = undefined;
      onStalled();
    }, STALL_ERROR_MS);
  };
  const onWaiting = () => {
    if (!isActive()) return;
    onBuffering(true);
    arm();
  };
  const onProgress = () => {
    if (video.currentTime === lastTime) return;
    lastTime = video.currentTime;
    onBuffering(false);
    disarm();
  };
  const onPlaying = () => onBuffering(false);
  video.addEventListener('waiting', onWaiting);
  video.addEventListener('timeupdate', onProgress);
  video.addEventListener('playing', onPlaying);
  return {
    armed: arm,
    stop: () => {
      disarm();
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('timeupdate', onProgress);
      video.removeEventListener('playing', onPlaying);
    },
  };
}

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
    const fail = (error: PlayerError) => setState((s) => (s.error ? s : { ...s, buffering: false, error }));
    const setBuffering = (buffering: boolean) =>
      setState((s) => (s.buffering === buffering || s.error ? s : { ...s, buffering }));

    if (engine === 'hls') {
      // The instance the page started before React on this very element (EpisodeVideo took the
      // element over), if it fits: it loads from the start in automatic quality, and a
      // remembered rendition is chosen before the first segment, which it has already asked for.
      let early = takeEarlyPlayer(video);
      if (early && (start > 0 || latest.current.quality !== 'auto')) {
        early.destroy();
        early = null;
      }
      startHlsWorker();
      const hls = early ?? new Hls(hlsConfig(latest.current.active, start));
      if (early) setHlsBuffering(hls.config, latest.current.active);
      hlsRef.current = hls;
      let recovered = false;
      const stalls = watchStalls(
        video,
        () => latest.current.active,
        setBuffering,
        () => {
          hls.stopLoad();
          fail('loadVideoFailed');
        },
      );
      const onLevels = (parsed: readonly { height: number }[]) => {
        const levels = parsed.map((level) => ({ height: level.height }));
        appliedQuality.current = latest.current.quality;
        const index = levelIndexForQuality(levels, latest.current.quality);
        if (index !== -1) {
          // Before the first fragment: start on the chosen rendition and stay there.
          hls.startLevel = index;
          hls.loadLevel = index;
        }
        setState((s) => ({ ...s, levels }));
      };
      hls.on(Events.MANIFEST_PARSED, (_event, data) => onLevels(data.levels));
      // A taken-over instance may have parsed its playlist already.
      if (early && hls.levels.length > 0) onLevels(hls.levels);
      hls.on(Events.LEVEL_SWITCHED, (_event, data) => {
        const height = hls.levels[data.level]?.height ?? null;
        setState((s) => ({ ...s, playingHeight: height }));
      });
      hls.on(Events.ERROR, (_event, data) => {
        const action = hlsErrorAction({ fatal: data.fatal, type: data.type }, recovered);
        // hls.js retries a failed load by itself: the viewer gets a spinner and a deadline.
        if (data.type === ErrorTypes.NETWORK_ERROR && !data.fatal) {
          if (latest.current.active) setBuffering(true);
          stalls.armed();
        }
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
      if (!early) {
        hls.attachMedia(video);
        hls.loadSource(src);
      }
      return () => {
        stalls.stop();
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
      const stalls = watchStalls(video, () => latest.current.active, setBuffering, () => fail('loadVideoFailed'));
      video.addEventListener('loadedmetadata', onMetadata, { once: true });
      video.addEventListener('resize', onResize);
      video.addEventListener('error', onError);
      setSource(video, src);
      return () => {
        stalls.stop();
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
    setHlsBuffering(hls.config, true);
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
      qualities: engine === 'hls' ? qualitiesFor(state.levels) : ['auto'],
      playingHeight: state.playingHeight,
      buffering: state.buffering && error === null,
      error,
    }),
    [engine, state.levels, state.playingHeight, state.buffering, error],
  );
}
