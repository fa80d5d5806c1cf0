/**
 * The contract as the browser imports it: constants, the code catalogue, the HTTP client and
 * each endpoint's route, with the schemas' types but none of their code, so the web bundle
 * carries no zod (browser.test.ts fails if it comes back). The server imports index.ts.
 */
export * from './codes.js';
export * from './constants.js';
export * from './values.js';
export * from './guards.js';
export * from './artwork.js';
export * from './routes.js';
export * from './client/api-error.js';
export * from './client/http-client.js';
export * from './client/route-client.js';
export { fillPath, type HttpMethod } from './endpoint.js';
export type { RouteBody as BodyOf } from './routes.js';
export type { ApiResult, CallInput } from './client/api-client.js';
export type { Envelope, InvalidInputData } from './envelope.js';
export type { Page, PageQuery } from './pagination.js';
export type {
  Ad,
  AdPlacement,
  AdRewardResult,
  AppConfig,
  Banner,
  CheckinDay,
  CheckinDayState,
  CheckinResult,
  ClaimResult,
  CoinPack,
  Comment,
  ConfirmBody,
  DramaCard,
  DramaDetail,
  EnterInviteResult,
  EpisodeLocked,
  EpisodeSummary,
  ExpiringCoins,
  FavoriteItem,
  HistoryItem,
  Home,
  InsufficientCoins,
  InviteOverview,
  InviteRecord,
  InviteRules,
  MemberPlan,
  Membership,
  NextAd,
  NextAdQuery,
  Order,
  OrderStatus,
  PayChannel,
  Playback,
  PurchaseBody,
  PurchaseResult,
  RewardConstants,
  Session,
  Subscription,
  Task,
  TaskKey,
  TaskPeriod,
  TaskState,
  TasksOverview,
  UnlockBody,
  UnlockPrices,
  UnlockResult,
  UserInfo,
  VipPeriod,
  WalletEntry,
  WalletExpenseKind,
  WalletIncomeKind,
  WalletPage,
  WalletQuery,
  WalletSubject,
  SHARE_CHANNELS,
} from './endpoints/index.js';
