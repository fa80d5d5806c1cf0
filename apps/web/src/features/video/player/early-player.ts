import { hlsConfig } from './hls-config';
import { Events, Hls } from './hls';

/**
 * On a cold load of a shared video page the server has already signed the first episode's
 * playlist (lib/bootstrap.ts), and the browser has preloaded it with its first segment. This
 * starts hls.js on it as soon as hls.js is here, while React is still starting: playlists parsed
 * and the first segment fetched and transmuxed, with no element yet. The episode's player takes
 * the instance over and attaches its `<video>` (use-hls-player.ts); nothing plays before that,
 * so the pre-roll decision still comes first. An instance nobody takes is dropped.
 */
const UNCLAIMED_MS = 10_000;

interface EarlyPlayer {
  src: string;
  hls: Hls;
  failed: boolean;
  timer: ReturnType<typeof setTimeout>;
  onError: (event: typeof Events.ERROR, data: { fatal: boolean }) => void;
}

let early: EarlyPlayer | null = null;

function drop(player: EarlyPlayer): void {
  clearTimeout(player.timer);
  player.hls.destroy();
}

/** Starts loading `src` from its beginning, where hls.js plays (Media Source Extensions). */
export function startEarlyPlayer(src: string): void {
  if (early || !Hls.isSupported()) return;
  const hls = new Hls(hlsConfig(true, 0));
  const player: EarlyPlayer = {
    src,
    hls,
    failed: false,
    timer: setTimeout(() => {
      if (early !== player) return;
      early = null;
      drop(player);
    }, UNCLAIMED_MS),
    // Its own retries are hls.js's; a fatal error leaves the player to start afresh.
    onError: (_event, data) => {
      if (data.fatal) player.failed = true;
    },
  };
  hls.on(Events.ERROR, player.onError);
  early = player;
  hls.loadSource(src);
}

/** The started instance for `src`, once; null when there is none, it is another source, or it failed. */
export function takeEarlyPlayer(src: string): Hls | null {
  const player = early;
  early = null;
  if (!player) return null;
  if (player.src !== src || player.failed) {
    drop(player);
    return null;
  }
  clearTimeout(player.timer);
  player.hls.off(Events.ERROR, player.onError);
  return player.hls;
}
