import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { EdgePurges } from '../../media/purge/edge-purges.js';
import type { MediaStorage } from '../../media/storage/media-storage.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { ProductAdminService } from '../payments/product-admin.service.js';
import { StripeGateway } from '../payments/stripe-gateway.js';
import type { WalletHistoryService } from '../wallet/wallet-history.service.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { SessionService } from '../auth/session.service.js';
import type { VipService } from '../wallet/vip.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { WalletSupportView } from '../wallet/wallet-support-view.js';
import { AuditLogService } from './audit-log.service.js';
import { ConsoleArtworkService } from './console-artwork.service.js';
import { ConsoleCatalogueService } from './console-catalogue.service.js';
import { ConsoleEpisodesService } from './console-episodes.service.js';
import { DramaChanges } from './drama-changes.js';
import { EditorialService } from './editorial.service.js';
import { ModerationService } from './moderation.service.js';
import { OperatorAccountsService } from './operator-accounts.service.js';
import { OperatorAdminService } from './operator-admin.service.js';
import { OrderRefundService } from './order-refund.service.js';
import { OrderSearchService } from './order-search.service.js';
import { EpisodeImportService } from './episode-import.service.js';
import { UploadStaging } from './upload-staging.js';
import { ViewerActionsService } from './viewer-actions.service.js';
import { ViewerLookupService } from './viewer-lookup.service.js';
import { ReportRollupService } from './reports/report-rollup.service.js';
import { ReportsService } from './reports/reports.service.js';
import { createFfmpegTools } from '../../catalog-import/media-tools.js';
import type { JobSender } from '../jobs.js';

export interface ConsoleServicesDeps {
  db: Db;
  config: Readonly<ServerConfig>;
  clock: Clock;
  log: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  media: MediaStorage;
  /** Told after each catalogue change commits, so every process's viewer caches drop the old answers. */
  catalogChanges: CatalogChanges;
  /** The viewers' home, for the editorial preview. */
  home: Pick<CatalogService, 'getHome'>;
  /** Where the import of an uploaded episode is queued. */
  jobs: JobSender;
  /** The coin ledger's entries of an order, read through the wallet's service. */
  orderLedger: Pick<WalletHistoryService, 'orderEntries'>;
  /** Support's coin adjustments and VIP grants go through the ledgers' only writers. */
  wallet: WalletService;
  vip: VipService;
  /** Support's read of a viewer's coin and VIP ledgers. */
  walletSupport: WalletSupportView;
  /** The viewers' sessions, for signing a viewer out everywhere. */
  sessions: SessionService;
}

/**
 * What the operator console calls (docs/console.md). Each service owns its rules and writes the
 * audit log in the same transaction as the change it records; the console's routes only translate
 * HTTP to these calls, as the viewer's routes do.
 */
export interface ConsoleServices {
  operators: OperatorAccountsService;
  operatorAdmin: OperatorAdminService;
  auditLog: AuditLogService;
  /** Dramas: the list, one drama, creating, editing, prices, release. */
  catalogue: ConsoleCatalogueService;
  /** A drama's episodes: order, titles, subtitles, deleting. */
  catalogueEpisodes: ConsoleEpisodesService;
  /** A drama's poster and banner. */
  catalogueArtwork: ConsoleArtworkService;
  /** Home's banner carousel and recommended shelf, and the preview of home. */
  editorial: EditorialService;
  /** VIP plans and coin packs (the same service as `npm run catalog -- products`). */
  products: ProductAdminService;
  /** Episode uploads (tus) and the imports that make them episodes. */
  episodeImports: EpisodeImportService;
  /** The Numbers dashboards (revenue, viewers, coins, dramas). */
  reports: ReportsService;
  /** The play rollups behind them, refreshed by the `reports-refresh` job. */
  reportRollups: ReportRollupService;
  /** Comment moderation: reported and newest comments, hiding, deleting, comment blocks. */
  moderation: ModerationService;
  /** Finance's order search and an order's timeline. */
  orderSearch: OrderSearchService;
  /** Refunds of Stripe orders through Stripe. */
  orderRefunds: OrderRefundService;
  /** Support's reads of a viewer's account: search, the viewer's page, the coin ledger. */
  viewerLookup: ViewerLookupService;
  /** Support's changes to a viewer's account: coins, VIP days, sessions, block. */
  viewerActions: ViewerActionsService;
  /** Where the console's changes (and this process's catalogue imports) queue CDN purges. */
  edgePurges: EdgePurges;
}

export function createConsoleServices(deps: ConsoleServicesDeps): ConsoleServices {
  const { db, clock, rateLimiter } = deps;
  const operators = new OperatorAccountsService({ db, clock, rateLimiter });
  const reportRollups = new ReportRollupService({ db, clock, timeZone: deps.config.rewards.timeZone });
  const dramas = new DramaChanges({
    db,
    clock,
    catalogChanges: deps.catalogChanges,
    log: deps.log,
    mediaBaseUrl: deps.config.mediaBaseUrl,
  });
  // Media that stops being served (a replaced upload, a deleted episode, an unpublished drama).
  const edgePurges = new EdgePurges({
    jobs: deps.jobs,
    enabled: deps.config.mediaCdnPurge.provider !== 'none',
    log: deps.log,
  });
  return {
    operators,
    operatorAdmin: new OperatorAdminService({ db, clock, accounts: operators }),
    auditLog: new AuditLogService({ db }),
    catalogue: new ConsoleCatalogueService({
      db,
      clock,
      dramas,
      mediaBaseUrl: deps.config.mediaBaseUrl,
      edgePurges,
    }),
    catalogueEpisodes: new ConsoleEpisodesService({ dramas, media: deps.media, edgePurges }),
    catalogueArtwork: new ConsoleArtworkService({ dramas, media: deps.media }),
    editorial: new EditorialService({
      db,
      clock,
      log: deps.log,
      mediaBaseUrl: deps.config.mediaBaseUrl,
      changes: deps.catalogChanges,
      home: deps.home,
    }),
    products: new ProductAdminService({ db, clock }),
    reports: new ReportsService({ db, clock, timeZone: deps.config.rewards.timeZone, rollups: reportRollups }),
    reportRollups,
    moderation: new ModerationService({ db, clock, log: deps.log, changes: deps.catalogChanges }),
    orderSearch: new OrderSearchService({ db, ledger: deps.orderLedger }),
    orderRefunds: new OrderRefundService({
      db,
      clock,
      log: deps.log,
      stripe: deps.config.stripe ? new StripeGateway(deps.config.stripe) : undefined,
    }),
    viewerLookup: new ViewerLookupService({ db, ledgers: deps.walletSupport }),
    edgePurges,
    viewerActions: new ViewerActionsService({
      db,
      clock,
      wallet: deps.wallet,
      vip: deps.vip,
      sessions: deps.sessions,
    }),
    episodeImports: new EpisodeImportService({
      db,
      clock,
      media: deps.media,
      tools: createFfmpegTools({ ffmpegPath: deps.config.ffmpegPath, ffprobePath: deps.config.ffprobePath }),
      jobs: deps.jobs,
      edgePurges,
      catalogChanges: deps.catalogChanges,
      staging: UploadStaging.forConfig(deps.config),
      log: deps.log,
    }),
  };
}
