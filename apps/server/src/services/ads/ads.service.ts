import {
  Code,
  type Ad,
  type AdPlacement,
  type AdRewardResult,
  type Language,
  type NextAd,
  type NextAdQuery,
} from '@cliffhanger/contract';
import type { RewardsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { AdsRepository } from '../../repositories/ads.repository.js';
import { isVipActive } from '../catalog/entitlement.js';
import { viewerKeyOf, type PlayClient } from '../catalog/playback.service.js';
import { VISITOR } from '../catalog/viewer.js';
import type { RewardCalendar } from '../rewards/reward-calendar.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { AdCreative, AdSource } from './ad-source.js';
import { ledgerKeys } from '../wallet/ledger-keys.js';

/** The skip button appears after this many seconds; skipping a rewarded ad forfeits its coins. */
const AD_SKIPPABLE_AFTER_S = 5;
/** A rewarded ad's token must be redeemed within this time of serving. */
const AD_TOKEN_TTL_S = 30 * 60;
/**
 * Slack for a reward claimed right at the end of the ad: the server's "served" instant is taken
 * before the response travels and the clip starts, so an honest client is never early by more.
 */
const AD_REWARD_TOLERANCE_S = 2;

export interface AdsServiceDeps {
  db: Db;
  clock: Clock;
  calendar: RewardCalendar;
  ads: AdsRepository;
  source: AdSource;
  wallet: WalletService;
  config: Pick<RewardsConfig, 'adsEveryNEpisodes' | 'adReward' | 'adRewardDailyCap'>;
}

/** Who asks: a signed-in user, or a visitor known by `viewerKey` (as for episode plays). */
export interface AdViewer {
  userId: number | null;
  viewerKey: string;
}

/** The viewer of an ad request, keyed like episode plays (`u:<uid>`, or a hash of IP and user agent). */
export function adViewerOf(userId: number | null, client: PlayClient): AdViewer {
  return { userId, viewerKey: viewerKeyOf({ ...VISITOR, userId }, client) };
}

export interface AdRewardOutcome {
  result: AdRewardResult;
  /** The token was already paid (Code.ALREADY_OWNED). */
  repeat: boolean;
}

/**
 * Ads for viewers without VIP (docs/rewards.md#ads-get-adsnext-post-adsreward): an interstitial before every
 * Nth distinct episode started in a server day, and rewarded ads whose one-time token pays AD_REWARD, at most
 * AD_REWARD_DAILY_CAP a day. VIP members get no ad and no reward.
 */
export class AdsService {
  constructor(private readonly deps: AdsServiceDeps) {}

  async next(viewer: AdViewer, query: NextAdQuery, lang: Language): Promise<NextAd> {
    const { deps } = this;
    const now = deps.clock();
    if (viewer.userId !== null && isVipActive(await deps.ads.vipExpiresAt(viewer.userId), now)) {
      return { ad: null, rewarded_today: 0, rewarded_daily_cap: 0 };
    }
    const today = deps.calendar.dateOf(now);
    const rewardedToday = viewer.userId === null ? 0 : await deps.ads.countUsedOn(viewer.userId, today);
    const counts = { rewarded_today: rewardedToday, rewarded_daily_cap: deps.config.adRewardDailyCap };
    const ad =
      query.kind === 'rewarded'
        ? await this.rewarded(viewer.userId, rewardedToday, lang)
        : await this.interstitial(viewer, query.episode_id, today, lang);
    return { ad, ...counts };
  }

  async reward(userId: number, token: string): Promise<AdRewardOutcome> {
    const { deps } = this;
    const tokenHash = sha256Hex(token);
    return deps.db.transaction(async (tx) => {
      const holder = await deps.wallet.open(userId, tx);
      const now = deps.clock();
      if (isVipActive(holder.vipExpiresAt, now)) throw new AppError(Code.FORBIDDEN, 'VIP members watch no ads');
      const today = deps.calendar.dateOf(now);
      const cap = deps.config.adRewardDailyCap;
      const row = await deps.ads.findToken(tokenHash, tx);
      if (!row || row.userId !== userId) throw new AppError(Code.AD_NOT_SERVED, 'No such rewarded ad');
      if (row.usedAt) {
        const rewardedToday = await deps.ads.countUsedOn(userId, today, tx);
        return {
          repeat: true,
          result: { coins: 0, balance: holder.coin, rewarded_today: rewardedToday, rewarded_daily_cap: cap },
        };
      }
      if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(Code.AD_NOT_SERVED, 'Rewarded ad expired');
      // The server knows when the ad was served and how long it runs. An early claim changes
      // nothing: the token stays unpaid and can be redeemed once the ad could have ended.
      const waitMs = row.payableAt.getTime() - AD_REWARD_TOLERANCE_S * 1000 - now.getTime();
      if (waitMs > 0) {
        throw new AppError(Code.AD_NOT_FINISHED, 'The ad has not played to the end yet', {
          wait_s: Math.ceil(waitMs / 1000),
        });
      }
      const rewardedToday = await deps.ads.countUsedOn(userId, today, tx);
      if (rewardedToday >= cap) {
        throw new AppError(Code.AD_REWARD_DAILY_CAP, 'Daily cap of rewarded ads reached', {
          rewarded_today: rewardedToday,
          rewarded_daily_cap: cap,
        });
      }
      await deps.ads.markUsed(tokenHash, now, today, tx);
      const credit = await deps.wallet.credit(
        { userId, kind: 'ad_reward', amount: deps.config.adReward, key: ledgerKeys.adReward(tokenHash), ref: row.adId },
        tx,
      );
      return {
        repeat: false,
        result: {
          coins: deps.config.adReward,
          balance: credit.balance,
          rewarded_today: rewardedToday + 1,
          rewarded_daily_cap: cap,
        },
      };
    });
  }

  private async rewarded(userId: number | null, rewardedToday: number, lang: Language): Promise<Ad | null> {
    const { deps } = this;
    if (userId === null || rewardedToday >= deps.config.adRewardDailyCap) return null;
    const creative = await deps.source.next({ placement: 'rewarded', lang });
    if (!creative) return null;
    const token = randomToken();
    const now = deps.clock();
    // One rewarded ad at a time: serving one voids the unpaid older tokens, so five ads fetched
    // at once cannot all ripen during a single ad's length.
    await deps.db.transaction(async (tx) => {
      // The user's wallet lock orders parallel requests, so exactly one token stays live.
      await deps.wallet.open(userId, tx);
      await deps.ads.voidUnpaidTokens(userId, now, tx);
      await deps.ads.insertToken(
        {
          tokenHash: sha256Hex(token),
          userId,
          adId: creative.id,
          expiresAt: addSeconds(now, AD_TOKEN_TTL_S),
          payableAt: addSeconds(now, creative.durationS),
          createdAt: now,
        },
        tx,
      );
    });
    return this.adOf(creative, 'rewarded', token);
  }

  private async interstitial(
    viewer: AdViewer,
    episodeId: number | undefined,
    today: string,
    lang: Language,
  ): Promise<Ad | null> {
    const { deps } = this;
    const every = deps.config.adsEveryNEpisodes;
    if (every === 0 || episodeId === undefined) return null;
    const dramaId = await deps.ads.dramaOfEpisode(episodeId, deps.clock());
    if (dramaId === undefined) throw new AppError(Code.NOT_FOUND, 'No such episode', { episode_id: episodeId });
    const position = await deps.ads.startPosition(viewer.viewerKey, today, episodeId, deps.clock());
    if (position % every !== 0) return null;
    const creative = await deps.source.next({ placement: 'interstitial', excludeDramaId: dramaId, lang });
    return creative ? this.adOf(creative, 'interstitial', null) : null;
  }

  private adOf(creative: AdCreative, placement: AdPlacement, token: string | null): Ad {
    return {
      id: creative.id,
      kind: creative.kind,
      placement,
      drama_id: creative.dramaId,
      title: creative.title,
      poster: creative.poster,
      playlist_url: creative.playlistUrl,
      skippable_after_s: AD_SKIPPABLE_AFTER_S,
      token,
      reward: token === null ? null : this.deps.config.adReward,
    };
  }
}
