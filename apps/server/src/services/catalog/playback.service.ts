import { createHash } from 'node:crypto';
import {
  Code,
  LANGUAGES,
  type EpisodeLocked,
  type Language,
  type Playback,
  type UnlockPrices,
} from '@cliffhanger/contract';
import type { DramaRow, EpisodeRow } from '../../db/catalog.schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaTokenSigner } from '../../media/signing/media-token.js';
import { tokenedMediaUrl } from '../../media/signing/media-token-url.js';
import type { PlayContextRepository } from '../../repositories/play-context.repository.js';
import type { PublicAnswerCache } from './public-answer-cache.js';
import { isEpisodePlayable, lockedEpisodes, unlockPrices } from './entitlement.js';
import { toEpisodeSummary } from './episode-summary.js';
import type { PlayRecorder } from './play-recorder.js';
import { VISITOR_IN_DRAMA, type Viewer, type ViewerLoader } from './viewer.js';

/**
 * How long a play answer's URLs work. Long enough for a binge session on one episode without a
 * refetch, short enough that a leaked playlist goes stale the same day.
 */
const PLAYBACK_TTL_SECONDS = 6 * 60 * 60;

type SignedMedia = Pick<Playback, 'playlist_url' | 'expires_at' | 'subtitles' | 'download_url'>;

/** Where a request comes from: a visitor is counted once per IP and user agent. */
export interface PlayClient {
  ip: string;
  userAgent?: string | undefined;
}

export interface PlaybackServiceDeps {
  context: PlayContextRepository;
  /** The public part of a play is kept here, cleared with the catalogue (docs/architecture.md#delivery). */
  cache: PublicAnswerCache;
  /** The viewer's session and facts, read fresh in one statement on every signed-in play. */
  viewers: ViewerLoader;
  plays: PlayRecorder;
  tokens: MediaTokenSigner;
  mediaBaseUrl: string;
  clock: Clock;
}

/**
 * GET /episodes/{id}/play (docs/media.md#playback): tokened URLs for an entitled viewer, Code.EPISODE_LOCKED
 * otherwise.
 */
export class PlaybackService {
  constructor(private readonly deps: PlaybackServiceDeps) {}

  /**
   * A play by a visitor (token null) or by the holder of a session token. What every viewer gets
   * alike (the episode, its drama, the episode list, the comment count) comes from memory; the
   * viewer's session, unlocks, like and progress are one fresh statement, judged by the session
   * service, so its session-invalid codes are those of any signed-in route.
   */
  async play(episodeId: number, token: string | null, client: PlayClient, lang: Language): Promise<Playback> {
    const { deps } = this;
    // Not found while its drama is not released; the cache forgets it at the drama's release time.
    const found = await deps.cache.get(
      `play:${episodeId}`,
      async () => (await deps.context.load(episodeId, deps.clock())) ?? null,
    );
    if (!found) {
      if (token !== null) await deps.viewers.assertSession(token);
      throw new AppError(Code.NOT_FOUND, 'Episode not found');
    }
    const { episode, drama, siblings } = found;
    const own =
      token === null
        ? VISITOR_IN_DRAMA
        : await deps.viewers.inDrama(
            token,
            { id: drama.id, episodeIds: siblings.map((sibling) => sibling.id) },
            episode.id,
          );
    const { viewer, entitlement } = own;
    if (!isEpisodePlayable(episode, drama, entitlement)) {
      // The prices and nothing else: no URL of the locked media may leave the server.
      throw new AppError(
        Code.EPISODE_LOCKED,
        'Episode locked',
        this.lockedData(
          drama,
          episode,
          viewer,
          unlockPrices(drama, lockedEpisodes(siblings, drama, entitlement).length),
        ),
      );
    }

    // URLs first: a file that cannot be tokened fails the request before the play is counted.
    const media = this.signedMedia(episode);
    this.countPlay(episode, viewer, client);

    const index = siblings.findIndex((sibling) => sibling.id === episode.id);
    return {
      episode: { ...toEpisodeSummary(episode, drama, entitlement, lang), drama_id: drama.id },
      ...media,
      next_episode_id: siblings[index + 1]?.id ?? null,
      prev_episode_id: index > 0 ? (siblings[index - 1]?.id ?? null) : null,
      likes: episode.likes,
      liked: own.liked,
      comment_count: found.commentCount,
      position_s: own.progress?.episodeId === episode.id ? own.progress.positionS : 0,
    };
  }

  /**
   * The episode's URLs under one token, fresh for every play: the web tells one load of an episode
   * from the next by its playlist URL (a retry after a failure must get a new one). Entitlement was
   * decided above: the token names no viewer, only the episode and how long it opens it.
   */
  private signedMedia(episode: EpisodeRow): SignedMedia {
    const { deps } = this;
    const exp = deps.tokens.nowSeconds() + PLAYBACK_TTL_SECONDS;
    const sign = (path: string) => tokenedMediaUrl(deps.tokens, deps.mediaBaseUrl, path, exp);
    return {
      playlist_url: sign(`${episode.mediaDir}/master.m3u8`),
      expires_at: new Date(exp * 1000).toISOString(),
      subtitles: LANGUAGES.flatMap((language) => {
        const path = episode.subtitles[language];
        return path ? [{ lang: language, url: sign(path) }] : [];
      }),
      download_url: sign(`${episode.mediaDir}/download.mp4`),
    };
  }

  /**
   * Hits count real plays: one per viewer, episode and UTC day. The play row and the counter
   * change together, and only when the row is new, so retries and reloads do not inflate hits.
   * Written in batches after the answer (play-recorder.ts): the viewer never waits for it.
   */
  private countPlay(episode: EpisodeRow, viewer: Viewer, client: PlayClient): void {
    const at = this.deps.clock();
    this.deps.plays.record({
      viewerKey: viewerKeyOf(viewer, client),
      episodeId: episode.id,
      day: at.toISOString().slice(0, 10),
      at,
    });
  }

  private lockedData(drama: DramaRow, episode: EpisodeRow, viewer: Viewer, prices: UnlockPrices): EpisodeLocked {
    return {
      drama_id: drama.id,
      episode_id: episode.id,
      episode_number: episode.number,
      prices,
      coin: viewer.coin,
      signed_in: viewer.userId !== null,
    };
  }
}

/** `u:<uid>`, or for a visitor `a:` and a hash of IP and user agent (no raw IP is stored). */
export function viewerKeyOf(viewer: Viewer, client: PlayClient): string {
  if (viewer.userId !== null) return `u:${viewer.userId}`;
  return `a:${createHash('sha256')
    .update(`${client.ip}\n${client.userAgent ?? ''}`, 'utf8')
    .digest('hex')}`;
}
