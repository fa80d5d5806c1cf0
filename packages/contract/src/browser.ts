/**
 * The contract as the browser imports it: constants, the code catalogue, the HTTP client and
 * each endpoint's route, with the schemas' types but none of their code, so the web bundle
 * carries no zod (browser.test.ts fails if it comes back). The server imports index.ts.
 */
export * from './codes.js';
export * from './constants.js';
export * from './genres.js';
export * from './chart-kinds.js';
export * from './values.js';
export * from './guards.js';
export * from './artwork.js';
export * from './page-bootstrap.js';
export * from './routes.js';
export * from './client/api-error.js';
export * from './client/http-client.js';
export * from './client/route-client.js';
export type { RouteBody as BodyOf } from './routes.js';
export type { ApiResult } from './client/api-client.js';
export type { Page } from './pagination.js';
export type {
  Ad,
  AppConfig,
  Banner,
  ChartEntry,
  Charts,
  CheckinDay,
  CheckinResult,
  CoinPack,
  Comment,
  DramaCard,
  DramaDetail,
  EpisodeLocked,
  EpisodeSummary,
  ExpiringCoins,
  FavoriteItem,
  FeedItem,
  FeedReason,
  ForYouPage,
  HistoryItem,
  Home,
  InsufficientCoins,
  InviteOverview,
  InviteRecord,
  MemberPlan,
  Membership,
  NextAd,
  NotificationSettings,
  PushSubscriptionBody,
  Order,
  OrderStatus,
  Playback,
  Session,
  Subscription,
  Task,
  TaskKey,
  TasksOverview,
  UnlockPrices,
  UnlockResult,
  UserInfo,
  WalletEntry,
  WalletPage,
} from './endpoints/index.js';
