import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaTokenSigner } from '../../media/signing/media-token.js';
import { AdsRepository } from '../../repositories/ads.repository.js';
import { InvitesRepository } from '../../repositories/invites.repository.js';
import { RewardsCheckinsRepository } from '../../repositories/rewards-checkins.repository.js';
import { RewardsTasksRepository } from '../../repositories/rewards-tasks.repository.js';
import { SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import { AdsService } from '../ads/ads.service.js';
import type { PlayRecorder } from '../catalog/play-recorder.js';
import { HouseAdSource } from '../ads/house-ad-source.js';
import { InviteService } from '../invites/invite.service.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { CheckinService } from './checkin.service.js';
import { RewardCalendar } from './reward-calendar.js';
import { SharesService } from './shares.service.js';
import { taskCatalog } from './task-catalog.js';
import { TasksService } from './tasks.service.js';
import { WatchTaskRecorder } from './watch-task.recorder.js';

/** Check-in, tasks, shares, invites and ads, reached as `app.services.<name>`. */
export type RewardsServices = ReturnType<typeof createRewardsServices>;

export interface RewardsServicesDeps {
  db: Db;
  clock: Clock;
  config: Pick<ServerConfig, 'rewards' | 'mediaBaseUrl'>;
  wallet: WalletService;
  rateLimiter: RateLimiter;
  mediaTokens: MediaTokenSigner;
  /** Pending plays are written before the watch task reads them. */
  plays: Pick<PlayRecorder, 'flush'>;
}

export function createRewardsServices(deps: RewardsServicesDeps) {
  const { db, clock, config, wallet } = deps;
  const calendar = new RewardCalendar(config.rewards.timeZone);
  const tasksRepo = new RewardsTasksRepository(db);
  const invitesRepo = new InvitesRepository(db);
  const adsRepo = new AdsRepository(db);
  const checkin = new CheckinService({
    db,
    clock,
    calendar,
    checkins: new RewardsCheckinsRepository(db),
    wallet,
    config: config.rewards,
  });
  const source = new HouseAdSource({
    ads: adsRepo,
    tokens: deps.mediaTokens,
    mediaBaseUrl: config.mediaBaseUrl,
    clock,
  });
  return {
    /** "Today" in REWARDS_TIME_ZONE. */
    rewardCalendar: calendar,
    checkin,
    tasks: new TasksService({
      db,
      clock,
      calendar,
      tasks: tasksRepo,
      invites: invitesRepo,
      wallet,
      checkin,
      catalog: taskCatalog(config.rewards),
    }),
    /** The shares the share task counts (`POST /task/share`). */
    shares: new SharesService({ db, targets: new SocialTargetsRepository(db), clock, rateLimiter: deps.rateLimiter }),
    invites: new InviteService({
      db,
      clock,
      invites: invitesRepo,
      wallet,
      config: config.rewards,
      mediaBaseUrl: config.mediaBaseUrl,
    }),
    ads: new AdsService({ db, clock, calendar, ads: adsRepo, source, wallet, config: config.rewards }),
    /** Feeds the watch-video task from saved progress; handed to the history service. */
    watchTask: new WatchTaskRecorder({ db, clock, calendar, tasks: tasksRepo, plays: deps.plays }),
  };
}
