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
import type { MediaUrlSigner } from '../../media/signing/media-url-signer.js';
import { signedMediaUrl } from '../../media/signing/signed-media-url.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { SessionService } from '../session.service.js';
import type { PlayContext, PlayContextRepository } from '../../repositories/play-context.repository.js';
import {
  isEpisodePlayable,
  isVipActive,
  lockedEpisodes,
  unlockPrices,
  VISITOR_ENTITLEMENT,
  type ViewerEntitlement,
} from './entitlement.js';
import { toEpisodeSummary } from './episode-summary.js';
import type { PlayRecorder } from './play-recorder.js';
import { VISITOR, type Viewer } from './viewer.js';

/**
 * How long a play answer's URLs work. Long enough for a binge session on one episode without a
 * refetch, short enough that a leaked playlist goes stale the same day.
 */
export const PLAYBACK_TTL_SECONDS = 6 * 60 * 60;

/** Where a request comes from: a visitor is counted once per IP and user agent. */
export interface PlayClient {
  ip: string;
  userAgent?: string | undefined;
}

export interface PlaybackServiceDeps {
  context: PlayContextRepository;
  /** The session rules, applied to the session the play statement joins in. */
  sessions: Pick<SessionService, 'check' | 'resolve'>;
  plays: PlayRecorder;
  signer: MediaUrlSigner;
  mediaBaseUrl: string;
  clock: Clock;
}

/** GET /episodes/{id}/play (DESIGN §8): signed URLs for an entitled viewer, 30002 otherwise. */
export class PlaybackService {
  constructor(private readonly deps: PlaybackServiceDeps) {}

  /**
   * A play by a visitor (token null) or by the holder of a session token. The session is read in
   * the play's one statement and judged by the session service, so its codes (10027/20003/20007)
   * are the same as on any signed-in route, and come before a missing episode's.
   */
  async play(episodeId: number, token: string | null, client: PlayClient, lang: Language): Promise<Playback> {
    const { deps } = this;
    const tokenHash = token === null ? null : sha256Hex(token);
    // Every read in one statement (play-context.repository.ts); the write comes after the answer.
    const found = await deps.context.load(
      episodeId,
      tokenHash === null ? { visitor: true } : { visitor: false, tokenHash },
    );
    if (!found) {
      if (token !== null) await deps.sessions.resolve(token);
      throw new AppError(Code.NOT_FOUND, 'Episode not found');
    }
    const userId = tokenHash === null ? null : (await deps.sessions.check(tokenHash, found.session)).userId;
    const { episode, drama, siblings } = found;
    const viewer = viewerOf(userId, found, deps.clock());
    const entitlement: ViewerEntitlement =
      viewer.userId === null
        ? VISITOR_ENTITLEMENT
        : { vip: viewer.vip, unlockedEpisodeIds: new Set(viewer.vip ? [] : found.unlockedEpisodeIds) };
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

    // URLs first: a file that cannot be signed fails the request before the play is counted.
    const exp = deps.signer.nowSeconds() + PLAYBACK_TTL_SECONDS;
    const sign = (path: string) => signedMediaUrl(deps.signer, deps.mediaBaseUrl, path, exp);
    const media = {
      playlist_url: sign(`${episode.mediaDir}/master.m3u8`),
      expires_at: new Date(exp * 1000).toISOString(),
      subtitles: LANGUAGES.flatMap((language) => {
        const path = episode.subtitles[language];
        return path ? [{ lang: language, url: sign(path) }] : [];
      }),
      download_url: sign(`${episode.mediaDir}/download.mp4`),
    };
    this.countPlay(episode, viewer, client);

    const index = siblings.findIndex((sibling) => sibling.id === episode.id);
    return {
      episode: { ...toEpisodeSummary(episode, drama, entitlement, lang), drama_id: drama.id },
      ...media,
      next_episode_id: siblings[index + 1]?.id ?? null,
      prev_episode_id: index > 0 ? (siblings[index - 1]?.id ?? null) : null,
      likes: episode.likes,
      liked: viewer.userId !== null && found.liked,
      comment_count: found.commentCount,
      position_s: viewer.userId !== null && found.progress?.episodeId === episode.id ? found.progress.positionS : 0,
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

/** The viewer of a play: a visitor, or a signed-in user whose account must still exist (20007). */
function viewerOf(userId: number | null, found: PlayContext, now: Date): Viewer {
  if (userId === null) return VISITOR;
  if (!found.viewer || found.viewer.deleted) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
  return { userId, vip: isVipActive(found.viewer.vipExpiresAt, now), coin: found.viewer.coin };
}

/** `u:<uid>`, or for a visitor `a:` and a hash of IP and user agent (no raw IP is stored). */
export function viewerKeyOf(viewer: Viewer, client: PlayClient): string {
  if (viewer.userId !== null) return `u:${viewer.userId}`;
  return `a:${createHash('sha256')
    .update(`${client.ip}\n${client.userAgent ?? ''}`, 'utf8')
    .digest('hex')}`;
}
