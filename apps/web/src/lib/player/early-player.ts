import { hlsConfig } from './hls-config';
import { startHlsWorker } from './hls-worker';
import { Events, Hls } from './hls';
import { playRejection } from './player-errors';
import { readQuality } from './quality';

/**
 * On a cold load of a shared video page the server has already signed the first episode's
 * playlist (lib/bootstrap.ts), and the browser has preloaded it with its first segment. The
 * phone page's stage names that playlist, and the entry (main.tsx) starts the episode's player
 * from it once the stage has painted: a `<video>` of its own. When the stage also says no ad
 * plays first, it goes on screen and plays right away, and the app's code is evaluated only once
 * it plays (playEarlyPlayer), as on a bare player page. Otherwise it only loads, beside the app's
 * start; the video page's loader then confirms it (or starts one, on the desktop page), and on
 * the phone page, once the pre-roll decision is "no ad", it goes on screen and plays. Either way
 * the first frame does not wait for React.
 *
 * The episode's player then takes the element and the hls.js instance over (EpisodeVideo,
 * useHlsPlayer): the same element keeps playing, moved into the page. An instance nobody takes
 * is dropped, element and all.
 */
const UNCLAIMED_MS = 10_000;
/** The longest the page's first render waits for the early player to play. */
export const READY_CAP_MS = 1_500;

/**
 * Above everything until the page takes the element over; then the page's own styles apply. Clear
 * until the video has its first frame, so the poster the server put in the page shows until then.
 */
const STAGE_STYLE = 'position:fixed;inset:0;z-index:2147483000';
const VIDEO_STYLE = 'position:absolute;inset:0;width:100%;height:100%;object-fit:contain';
const STAGE_BACKGROUND = '#000';

export interface EarlyStart {
  /** The signed master playlist. */
  src: string;
  episodeId: number;
  /** Plays before React only if this resolves to null ("no ad"); without it, it only loads. */
  adDecision: Promise<unknown> | null;
}

interface EarlyPlayer {
  src: string;
  hls: Hls;
  video: HTMLVideoElement;
  stage: HTMLElement | null;
  /** A page's loader has started it (startEarlyPlayer), not only the HTML (preloadEarlyPlayer). */
  decided: boolean;
  /** Drops it when no page takes it (armUnclaimed); none while it plays before the app started. */
  timer: ReturnType<typeof setTimeout> | undefined;
  onError: (event: typeof Events.ERROR, data: { fatal: boolean }) => void;
  /** Lets the page's first render go (startEarlyPlayer's promise); a no-op until then. */
  settle: () => void;
}

let early: EarlyPlayer | null = null;

function drop(player: EarlyPlayer): void {
  clearTimeout(player.timer);
  player.hls.destroy();
  player.video.pause();
  player.stage?.remove();
}

/** Plays as the page's player would: unmuted if the browser allows it, else muted. */
async function autoplay(video: HTMLVideoElement): Promise<void> {
  try {
    await video.play();
  } catch (error) {
    if (playRejection(error) !== 'autoplay-blocked') return;
    video.muted = true;
    // Refused even muted: the page's player asks again once it has the element.
    await video.play().catch(() => undefined);
  }
}

function showAndPlay(player: EarlyPlayer): void {
  if (player.stage) return;
  const stage = document.createElement('div');
  stage.style.cssText = STAGE_STYLE;
  player.video.style.cssText = VIDEO_STYLE;
  player.video.setAttribute('data-testid', 'video-player');
  stage.append(player.video);
  const darken = () => (stage.style.background = STAGE_BACKGROUND);
  if (player.video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) darken();
  else player.video.addEventListener('loadeddata', darken, { once: true });
  document.body.append(stage);
  player.stage = stage;
  void autoplay(player.video);
}

/** Drops the player unless a page takes it within UNCLAIMED_MS from now. */
function armUnclaimed(player: EarlyPlayer): void {
  clearTimeout(player.timer);
  player.timer = setTimeout(() => {
    if (early !== player) return;
    early = null;
    drop(player);
  }, UNCLAIMED_MS);
}

function createEarlyPlayer(src: string, episodeId: number): EarlyPlayer {
  const video = document.createElement('video');
  video.className = 'episode-video';
  video.playsInline = true;
  video.preload = 'auto';
  video.setAttribute('data-episode-id', String(episodeId));
  startHlsWorker();
  const hls = new Hls(hlsConfig(true, 0));
  const player: EarlyPlayer = {
    src,
    hls,
    video,
    stage: null,
    decided: false,
    timer: undefined,
    // Its own retries are hls.js's. After a fatal error it goes, element and all, and the page's
    // player starts afresh.
    onError: (_event, data) => {
      if (!data.fatal) return;
      if (early === player) early = null;
      drop(player);
      player.settle();
    },
    settle: () => undefined,
  };
  hls.on(Events.ERROR, player.onError);
  armUnclaimed(player);
  early = player;
  hls.attachMedia(video);
  hls.loadSource(src);
  return player;
}

/**
 * Resolves once the player plays, fails for good, or after READY_CAP_MS, whichever comes first.
 */
function untilPlaying(player: EarlyPlayer): Promise<void> {
  return new Promise<void>((resolve) => {
    const cap = setTimeout(done, READY_CAP_MS);
    function done() {
      clearTimeout(cap);
      resolve();
    }
    player.settle = done;
    player.video.addEventListener('playing', done, { once: true });
  });
}

/**
 * Starts loading the episode a cold load's HTML names (main.tsx), while the app's code is still
 * being evaluated: the playlist and the first segments are parsed and buffered by the time the
 * route's loader confirms the page (startEarlyPlayer). Nothing goes on screen from here.
 */
export function preloadEarlyPlayer(src: string, episodeId: number): void {
  if (early || !Hls.isSupported()) return;
  createEarlyPlayer(src, episodeId);
}

/**
 * The episode a cold load's HTML names, when the server decided no ad plays before it
 * (main.tsx): on screen and playing at once, before the app's code is evaluated, which would take
 * the one thread hls.js needs. Resolves once it plays, fails, or after READY_CAP_MS; the entry
 * starts the app then, and the page takes the playing element over. A remembered rendition other
 * than auto has to be chosen before the first segment, which the page does on an instance of its
 * own: then this only loads.
 */
export function playEarlyPlayer(src: string, episodeId: number): Promise<void> {
  if (early || !Hls.isSupported()) return Promise.resolve();
  const player = createEarlyPlayer(src, episodeId);
  if (readQuality() !== 'auto') return Promise.resolve();
  // On a slow line the app's code may take longer than UNCLAIMED_MS to arrive: a playing episode
  // stays until the page's loader has confirmed it (startEarlyPlayer arms the wait again).
  clearTimeout(player.timer);
  showAndPlay(player);
  return untilPlaying(player);
}

/**
 * The page will not take the player the entry started over (its answers are not the ones the
 * HTML carried: a signed-in viewer, another language): it goes, element and all, even from the
 * screen. One a page's loader has confirmed is that page's, and stays.
 */
export function dropEarlyPlayer(): void {
  if (!early || early.decided) return;
  drop(early);
  early = null;
}

/**
 * Starts the episode's player, where hls.js plays (Media Source Extensions), or continues the one
 * preloaded for the same source; one preloaded for another is dropped (it never showed). Resolves
 * once it plays, or once it is clear it will not play before the page (an ad, a failure, only
 * loading), and at the latest after READY_CAP_MS: the page renders after that, so that its start
 * does not hold up the first frame on the one thread both need.
 */
export function startEarlyPlayer({ src, episodeId, adDecision }: EarlyStart): Promise<void> {
  if (!Hls.isSupported() || early?.decided) return Promise.resolve();
  if (early && early.src !== src) {
    drop(early);
    early = null;
  }
  const player = early ?? createEarlyPlayer(src, episodeId);
  player.decided = true;
  if (player.stage) {
    // On screen since the entry (playEarlyPlayer): the app started once it played, or gave up
    // waiting, and its page renders now.
    armUnclaimed(player);
    return Promise.resolve();
  }
  if (!adDecision) return Promise.resolve();
  const ready = untilPlaying(player);
  adDecision.then(
    (ad) => {
      if (ad === null && early === player) showAndPlay(player);
      else player.settle();
    },
    () => player.settle(),
  );
  return ready;
}

/** The element of the started player for `src`, if there is one (the page renders around it). */
export function earlyVideoFor(src: string): HTMLVideoElement | null {
  return early?.src === src ? early.video : null;
}

/**
 * The started player whose element is `video`, once: the page's player continues with its
 * hls.js instance. Null when there is none (one for another element is left to its owner).
 */
export function takeEarlyPlayer(video: HTMLVideoElement): Hls | null {
  const player = early;
  if (!player || player.video !== video) return null;
  early = null;
  clearTimeout(player.timer);
  player.hls.off(Events.ERROR, player.onError);
  return player.hls;
}

/**
 * Moves the started element into the page's player (`host`): a playing element moved within a
 * task keeps playing. The stand-in stage goes, and the page's styles take over from its own.
 */
export function adoptEarlyVideo(host: HTMLElement, video: HTMLVideoElement): void {
  host.append(video);
  video.style.cssText = '';
  video.removeAttribute('style');
  if (early?.video === video) {
    early.stage?.remove();
    early.stage = null;
  }
}
