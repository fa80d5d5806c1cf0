import type { BodyOf, Endpoint, HttpMethod } from './endpoint.js';
import type * as E from './endpoints/index.js';

/**
 * Every endpoint of the contract as the browser needs it: where a call goes. The schemas stay in
 * endpoints/ (the server validates and serialises through them); here they are types only, so
 * the web bundle carries no zod. routes.test.ts fails when this list and the endpoints disagree.
 */
export interface Route<TEndpoint extends Endpoint = Endpoint> {
  method: HttpMethod;
  path: string;
  multipart?: true;
  /** Never set: it only carries the endpoint's type (params, query, body and data). */
  readonly endpoint?: TEndpoint;
}

export type EndpointOf<R> = R extends Route<infer T> ? T : never;
export type RouteBody<R> = BodyOf<EndpointOf<R>>;

export const addFavorite: Route<typeof E.addFavorite> = { method: 'PUT', path: '/favorites/:drama_id' };
export const claimTask: Route<typeof E.claimTask> = { method: 'POST', path: '/task/:key/claim' };
export const clearHistory: Route<typeof E.clearHistory> = { method: 'DELETE', path: '/history' };
export const deleteComment: Route<typeof E.deleteComment> = { method: 'DELETE', path: '/comments/:id' };
export const deleteUser: Route<typeof E.deleteUser> = { method: 'DELETE', path: '/user' };
export const getAppConfig: Route<typeof E.getAppConfig> = { method: 'GET', path: '/app/config' };
export const getCoinTypes: Route<typeof E.getCoinTypes> = { method: 'GET', path: '/coin/type' };
export const getCharts: Route<typeof E.getCharts> = { method: 'GET', path: '/charts' };
export const getDrama: Route<typeof E.getDrama> = { method: 'GET', path: '/dramas/:id' };
export const getForYou: Route<typeof E.getForYou> = { method: 'GET', path: '/feed/for-you' };
export const getHome: Route<typeof E.getHome> = { method: 'GET', path: '/home' };
export const getInvite: Route<typeof E.getInvite> = { method: 'GET', path: '/invite' };
export const getMemberTypes: Route<typeof E.getMemberTypes> = { method: 'GET', path: '/member/type' };
export const getMembership: Route<typeof E.getMembership> = { method: 'GET', path: '/member' };
export const getNextAd: Route<typeof E.getNextAd> = { method: 'GET', path: '/ads/next' };
export const getOAuthUrl: Route<typeof E.getOAuthUrl> = { method: 'GET', path: '/auth/oauth/:provider/url' };
export const getOrder: Route<typeof E.getOrder> = { method: 'GET', path: '/orders/:id' };
export const getPlaybackPreferences: Route<typeof E.getPlaybackPreferences> = { method: 'GET', path: '/user/playback' };
export const getTasks: Route<typeof E.getTasks> = { method: 'GET', path: '/task' };
export const getUser: Route<typeof E.getUser> = { method: 'GET', path: '/user' };
export const getWallet: Route<typeof E.getWallet> = { method: 'GET', path: '/wallet' };
export const likeEpisode: Route<typeof E.likeEpisode> = { method: 'PUT', path: '/episodes/:id/like' };
export const listComments: Route<typeof E.listComments> = { method: 'GET', path: '/episodes/:id/comments' };
export const listDramas: Route<typeof E.listDramas> = { method: 'GET', path: '/dramas' };
export const listFavorites: Route<typeof E.listFavorites> = { method: 'GET', path: '/favorites' };
export const listHistory: Route<typeof E.listHistory> = { method: 'GET', path: '/history' };
export const playEpisode: Route<typeof E.playEpisode> = { method: 'GET', path: '/episodes/:id/play' };
export const postAdReward: Route<typeof E.postAdReward> = { method: 'POST', path: '/ads/reward' };
export const postComment: Route<typeof E.postComment> = { method: 'POST', path: '/episodes/:id/comments' };
export const postLogout: Route<typeof E.postLogout> = { method: 'POST', path: '/auth/logout' };
export const postMemberCancel: Route<typeof E.postMemberCancel> = { method: 'POST', path: '/member/cancel' };
export const postMemberConfirm: Route<typeof E.postMemberConfirm> = { method: 'POST', path: '/member/confirm' };
export const postMemberPortal: Route<typeof E.postMemberPortal> = { method: 'POST', path: '/member/portal' };
export const postMemberPurchase: Route<typeof E.postMemberPurchase> = { method: 'POST', path: '/member/purchase' };
export const postMemberResume: Route<typeof E.postMemberResume> = { method: 'POST', path: '/member/resume' };
export const postOAuthCallback: Route<typeof E.postOAuthCallback> = { method: 'POST', path: '/auth/oauth/:provider/callback' };
export const postPasswordLogin: Route<typeof E.postPasswordLogin> = { method: 'POST', path: '/auth/password/login' };
export const postRefresh: Route<typeof E.postRefresh> = { method: 'POST', path: '/auth/refresh' };
export const postSmsLogin: Route<typeof E.postSmsLogin> = { method: 'POST', path: '/auth/sms/login' };
export const postSmsSend: Route<typeof E.postSmsSend> = { method: 'POST', path: '/auth/sms/send' };
export const postTaskCheckin: Route<typeof E.postTaskCheckin> = { method: 'POST', path: '/task/checkin' };
export const postTaskShare: Route<typeof E.postTaskShare> = { method: 'POST', path: '/task/share' };
export const postUnlock: Route<typeof E.postUnlock> = { method: 'POST', path: '/unlock' };
export const postUserAvatar: Route<typeof E.postUserAvatar> = { method: 'POST', path: '/user/avatar', multipart: true };
export const putInvite: Route<typeof E.putInvite> = { method: 'PUT', path: '/invite/:invite_code' };
export const putPlaybackPreferences: Route<typeof E.putPlaybackPreferences> = { method: 'PUT', path: '/user/playback' };
export const putUser: Route<typeof E.putUser> = { method: 'PUT', path: '/user' };
export const putUserPassword: Route<typeof E.putUserPassword> = { method: 'PUT', path: '/user/password' };
export const removeFavorite: Route<typeof E.removeFavorite> = { method: 'DELETE', path: '/favorites/:drama_id' };
export const removeHistory: Route<typeof E.removeHistory> = { method: 'DELETE', path: '/history/:drama_id' };
export const reportComment: Route<typeof E.reportComment> = { method: 'POST', path: '/comments/:id/report' };
export const saveProgress: Route<typeof E.saveProgress> = { method: 'PUT', path: '/history' };
export const unlikeEpisode: Route<typeof E.unlikeEpisode> = { method: 'DELETE', path: '/episodes/:id/like' };
export const getNotificationSettings: Route<typeof E.getNotificationSettings> = {
  method: 'GET',
  path: '/notifications/settings',
};
export const putNotificationSettings: Route<typeof E.putNotificationSettings> = {
  method: 'PUT',
  path: '/notifications/settings',
};
export const postPushSubscription: Route<typeof E.postPushSubscription> = {
  method: 'POST',
  path: '/notifications/subscriptions',
};
export const deletePushSubscriptions: Route<typeof E.deletePushSubscriptions> = {
  method: 'DELETE',
  path: '/notifications/subscriptions',
};
