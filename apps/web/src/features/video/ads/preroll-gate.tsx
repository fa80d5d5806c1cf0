import { useState, type ReactNode } from 'react';
import { useSession } from '../../../lib/session';
import { PlaybackHold } from '../components/playback-hold';
import type { VideoSession } from '../hooks/use-video-session';
import { useInterstitialAd } from './get-interstitial-ad';
import { HouseAdPlayer } from './house-ad-player';

/**
 * Before an episode plays, the house ad the server chose for this start (GET /ads/next), if any;
 * then the episode (`children`). Only free episodes carry ads: a paid episode that plays was
 * paid for (an unlock, auto-unlock included, or VIP), and an ad right after a payment reads as
 * the app charging twice. VIP members never see one and never ask. Finishing or skipping the ad
 * is remembered for this start only.
 * The next episode's answer is fetched with its preload (that is when its start becomes likely).
 */
export function PrerollGate({ session, children }: { session: VideoSession; children: ReactNode }) {
  const { userInfo } = useSession();
  const vip = userInfo?.vip.active === true;
  const { episodeId, current } = session;
  const playable = current !== null && !current.locked;
  const adFree = current === null || !current.free;
  const ad = useInterstitialAd(episodeId, !vip && playable && !adFree);
  // The next episode's answer is asked for with its preload, so moving on finds it ready: the
  // preloaded player then stays mounted and shows its first frame at once.
  const nextId = session.nextPreload?.playback.episode.id ?? null;
  const nextFree = session.drama?.episodes.find((episode) => episode.id === nextId)?.free === true;
  useInterstitialAd(nextId, !vip && nextFree);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const start = `${episodeId}@${ad.dataUpdatedAt}`;

  const gated = !vip && !adFree && playable && session.playback !== null && !session.problem;
  if (gated && !ad.isPending && ad.data && doneFor !== start) {
    return <HouseAdPlayer key={start} ad={ad.data} onDone={() => setDoneFor(start)} />;
  }
  // While the server decides, the episode buffers its start underneath (held, not playing). One
  // tree either way, so the buffered element is the one that plays.
  return <PlaybackHold.Provider value={gated && ad.isPending}>{children}</PlaybackHold.Provider>;
}
