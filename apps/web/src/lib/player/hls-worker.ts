import hlsWorkerFile from 'hls.js/dist/hls.worker.js?url';

/** hls.js's worker file, copied into the build with a content hash. */
export const HLS_WORKER_URL: string = hlsWorkerFile;

/** A started worker nobody took by then is let go: hls.js, if it plays later, starts its own. */
export const UNTAKEN_WORKER_MS = 20_000;

let started: Worker | null = null;
let asked = false;

/**
 * Starts hls.js's transmuxing worker as the first player starts, for hls.js to take over
 * (takeStartedHlsWorker). hls.js itself starts it only once the first segment is in, and a
 * worker's start (a thread, the file, compiling 120 KB) then stands between the segment and the
 * first frame: 25–90 ms on the bench's machine, on a cold load where the page has preloaded that
 * segment long before. Started now, it gets ready beside the playlists.
 */
export function startHlsWorker(): void {
  if (asked) return;
  asked = true;
  if (typeof Worker === 'undefined') return;
  let worker: Worker;
  try {
    worker = new Worker(HLS_WORKER_URL);
  } catch {
    return;
  }
  started = worker;
  const letGo = () => {
    if (started !== worker) return;
    started = null;
    worker.terminate();
  };
  // A worker that fails before hls.js takes it would fail unseen (hls.js listens for errors only
  // on the workers it holds); let go, hls.js starts its own and, if that fails too, transmuxes
  // on the page.
  worker.addEventListener('error', letGo);
  setTimeout(letGo, UNTAKEN_WORKER_MS);
}

/**
 * hls.js asks here before it starts a worker of its own (its `loadWorker`, rewritten at build
 * time by src/build/hand-hls-its-worker.ts): the worker startHlsWorker started, once, if it runs
 * `scriptUrl`. From then on the worker is hls.js's, which terminates it when its last player goes.
 */
export function takeStartedHlsWorker(scriptUrl: string): Worker | null {
  const worker = started;
  if (!worker || new URL(HLS_WORKER_URL, self.location.href).href !== scriptUrl) return null;
  started = null;
  return worker;
}
