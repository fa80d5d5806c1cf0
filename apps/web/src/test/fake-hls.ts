import { vi } from 'vitest';

type Handler = (event: string, data: unknown) => void;

/** Stands in for hls.js: records what the player asks of it and lets a test fire its events. */
export class FakeHls {
  static supported = true;
  static instances: FakeHls[] = [];
  static isSupported = () => FakeHls.supported;

  config: Record<string, unknown>;
  levels: { height: number }[] = [{ height: 854 }, { height: 1280 }];
  media: HTMLMediaElement | null = null;
  src: string | null = null;
  destroyed = false;
  startLevel = -1;
  loadLevel = -1;
  /** Every value assigned to currentLevel (an immediate switch). */
  currentLevelSwitches: number[] = [];
  recoverMediaError = vi.fn();
  stopLoad = vi.fn();
  private handlers = new Map<string, Handler[]>();

  constructor(config: Record<string, unknown> = {}) {
    this.config = { ...config };
    FakeHls.instances.push(this);
  }

  set currentLevel(level: number) {
    this.currentLevelSwitches.push(level);
  }

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }

  emit(event: string, data: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(event, data);
  }

  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }

  /** Every source loaded, in order (a taken-over instance is not asked to load again). */
  loads: string[] = [];

  loadSource(src: string) {
    this.src = src;
    this.loads.push(src);
  }

  off(event: string, handler: Handler) {
    this.handlers.set(event, (this.handlers.get(event) ?? []).filter((h) => h !== handler));
  }

  destroy() {
    this.destroyed = true;
  }

  static reset() {
    FakeHls.supported = true;
    FakeHls.instances = [];
  }

  static last(): FakeHls {
    const hls = FakeHls.instances.at(-1);
    if (!hls) throw new Error('no hls.js instance was created');
    return hls;
  }
}

/** jsdom has no TextTrack: give each <track> element a minimal one so modes can be asserted. */
export function installTextTracks(): void {
  if ('track' in HTMLTrackElement.prototype) return;
  const tracks = new WeakMap<HTMLTrackElement, { mode: TextTrackMode }>();
  Object.defineProperty(HTMLTrackElement.prototype, 'track', {
    configurable: true,
    get(this: HTMLTrackElement) {
      let track = tracks.get(this);
      if (!track) {
        track = { mode: 'disabled' };
        tracks.set(this, track);
      }
      return track;
    },
  });
}

/** jsdom never decodes: makes a `<video>` report a decoded frame, as a browser's does when it has one. */
export function showFrame(video: HTMLVideoElement): void {
  Object.defineProperty(video, 'readyState', { configurable: true, value: 2 });
  video.dispatchEvent(new Event('loadeddata'));
}
