import './app/global.css';

/** Longest the app waits for the server's first screen to paint before it starts anyway. */
const STAGE_WAIT_MS = 300;

/**
 * On a deep link to home or a video page the server has drawn the first screen into #root (the
 * banner or the poster, apps/server/src/plugins/page-stages.ts). Evaluating the app's code takes
 * the main thread for a long while on a phone, and the browser paints nothing meanwhile, so the
 * app starts only once that screen is on it: its image decoded, then one frame. The image arrives
 * before the code does on any real line, so this costs nothing there; a slow image is not waited
 * for beyond STAGE_WAIT_MS, and a page without a stage starts at once.
 */
function stagePainted(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('[data-boot-stage] img');
  if (!image) return Promise.resolve();
  const decoded = image.decode().catch(() => undefined);
  const capped = new Promise<void>((resolve) => setTimeout(resolve, STAGE_WAIT_MS));
  return Promise.race([decoded, capped]).then(
    () =>
      new Promise<void>((resolve) => {
        // After the next frame; a hidden tab draws no frames, so a timer stands in there.
        requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, STAGE_WAIT_MS);
      }),
  );
}

/**
 * A phone video page's stage names the episode it opens on (data-playlist, the signed playlist
 * the server also put in the bootstrap). When the stage also says no ad plays first
 * (data-preroll="none"), its player goes on screen and plays at once, and the app's code waits
 * until it plays (at most READY_CAP_MS): evaluating React, the router and the page takes the main
 * thread hls.js needs for its first frame. Otherwise the player only loads, beside the app's
 * start, and goes on screen once the video page's loader has decided so
 * (lib/player/early-player.ts). Resolves when the app may start.
 */
function startStagedEpisode(): Promise<void> {
  const stage = document.querySelector<HTMLElement>('[data-boot-stage][data-playlist]');
  const src = stage?.dataset.playlist;
  const episodeId = Number(stage?.dataset.episodeId);
  if (!src || !Number.isSafeInteger(episodeId)) return Promise.resolve();
  const early = import('./lib/player/early-player');
  if (stage.dataset.preroll !== 'none') {
    // A player that fails to load here is started again by the page.
    early.then(({ preloadEarlyPlayer }) => preloadEarlyPlayer(src, episodeId)).catch(() => undefined);
    return Promise.resolve();
  }
  return early.then(({ playEarlyPlayer }) => playEarlyPlayer(src, episodeId)).catch(() => undefined);
}

// After the stage too: evaluating hls.js before the poster was on screen held the largest paint
// back (Lighthouse's mobile run: 2997 ms, against 1719 ms once it waits).
void stagePainted()
  .then(startStagedEpisode)
  .then(() => import('./app/boot'));
