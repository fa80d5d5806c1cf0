import type { Ad, Language, Playback } from '@cliffhanger/contract/browser';
import type { QueryClient } from '@tanstack/react-query';
import { takeBootstrap } from '../../lib/bootstrap';
import { currentLanguage } from '../../lib/i18n';
import { isSignedIn } from '../../lib/session';
import { prefetchInterstitialAd } from './ads/get-interstitial-ad';
import { dramaQueryOptions } from './api/get-drama';
import { playbackQueryOptions } from './api/play-episode';
import { dramaIdFrom, episodeToPlay, idFrom } from './video-params';

/**
 * A visitor's drama and first playback the server wrote into the HTML (lib/bootstrap.ts) go into
 * the cache as the API's answers, so the page does not ask for them. Returns the playback, with
 * the pre-roll decision for its episode when the server made it.
 */
function seedFromHtml(queryClient: QueryClient, dramaId: number, requested: number | null, lang: Language) {
  const drama = takeBootstrap('drama', lang, (d) => d.id === dramaId);
  if (!drama) return undefined;
  queryClient.setQueryData(dramaQueryOptions(dramaId, lang).queryKey, drama);
  const episodeId = episodeToPlay(requested, drama);
  const playback = takeBootstrap('playback', lang, (p) => p.episode.id === episodeId);
  if (!playback) return undefined;
  queryClient.setQueryData(playbackQueryOptions(playback.episode.id, lang).queryKey, playback);
  return { playback, nextAd: takeBootstrap('nextAd', lang) };
}

/**
 * The video pages' route loader. The router runs it alongside the page's code (the route's
 * `lazy`), so the drama, the episode's playback and its pre-roll decision are on their way while
 * the chunk with hls.js downloads, and the page's queries find them in the cache. It waits for
 * none of them: the page shows its own loading and errors. Only with a playback the HTML carried
 * does it wait, for the page's code: the player then starts before React renders the page, and
 * the phone page's first render waits for its first frame (a bounded time,
 * lib/player/early-player.ts), as the video, not the controls around it, is what a link is for.
 */
export async function loadVideoPage(
  queryClient: QueryClient,
  search: string,
  page: 'phone' | 'desktop',
): Promise<null> {
  const params = new URLSearchParams(search);
  const dramaId = dramaIdFrom(params);
  if (dramaId === null) return null;
  const lang = currentLanguage();
  const requested = idFrom(params.get('episode_id'));
  // A signed-in viewer's answers carry their own locks and progress: they always ask.
  const seeded = isSignedIn() ? undefined : seedFromHtml(queryClient, dramaId, requested, lang);
  const inlined: Playback | undefined = seeded?.playback;

  const startEpisode = (episodeId: number): Promise<Ad | null> => {
    void queryClient.ensureQueryData(playbackQueryOptions(episodeId, lang)).catch(() => undefined);
    const known = episodeId === inlined?.episode.id ? seeded?.nextAd : undefined;
    return prefetchInterstitialAd(queryClient, episodeId, known);
  };
  // A drama that fails is the page's to show.
  const drama = queryClient.ensureQueryData(dramaQueryOptions(dramaId, lang)).catch(() => undefined);
  // The episode asked for starts with the drama; the one to resume or the first needs its answer.
  const adDecision = (
    requested !== null
      ? startEpisode(requested)
      : drama.then((detail) => {
          const episode = detail?.episodes.find((e) => e.id === episodeToPlay(null, detail));
          // A locked episode answers Code.EPISODE_LOCKED: the page asks itself and opens the unlock dialog.
          return episode && !episode.locked ? startEpisode(episode.id) : null;
        })
  ).catch(() => null);
  if (!inlined) {
    // The entry may have put the HTML's episode on screen already (a cookie that says visitor
    // beside a stored session, another language): the page plays its own answer instead.
    void import('./pages/video-page').then(({ dropEarlyPlayer }) => dropEarlyPlayer()).catch(() => undefined);
    return null;
  }

  // The desktop page lays its player out beside the episode list: there it only loads early.
  const start = {
    src: inlined.playlist_url,
    episodeId: inlined.episode.id,
    adDecision: page === 'phone' ? adDecision : null,
  };
  // A page whose code does not load is reported by the route's lazy.
  await import('./pages/video-page').then(({ startEarlyPlayer }) => startEarlyPlayer(start)).catch(() => undefined);
  return null;
}
