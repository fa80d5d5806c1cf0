import { Code, parseUserInfo as checkUserInfo, type UserInfo } from '@cliffhanger/contract/browser';
import { safeLocalStorage } from './safe-local-storage';
import { createStore } from './store';
import { useStore } from './use-store';

/** Local-storage keys of the login state (docs/product.md#entities-and-fields). */
export const SESSION_KEYS = { token: 'token', refreshToken: 'refresh_token', userInfo: 'user_info' } as const;

export interface Session {
  token: string | null;
  refreshToken: string | null;
  userInfo: UserInfo | null;
}

const EMPTY: Session = { token: null, refreshToken: null, userInfo: null };

function parseUserInfo(raw: string | null | undefined): UserInfo | null {
  if (!raw) return null;
  try {
    return checkUserInfo(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Reads the login state from local storage; a damaged user_info entry counts as absent. */
function readSession(): Session {
  const store = safeLocalStorage();
  if (!store) return EMPTY;
  return {
    token: store.getItem(SESSION_KEYS.token) || null,
    refreshToken: store.getItem(SESSION_KEYS.refreshToken) || null,
    userInfo: parseUserInfo(store.getItem(SESSION_KEYS.userInfo)),
  };
}

const sessionStore = createStore<Session>(readSession());

function reload(): void {
  sessionStore.set(readSession());
}

/** Logged in means a user info with a uid plus a token to send (docs/product.md#session). */
export function isSignedIn(session: Session = sessionStore.get()): boolean {
  return session.userInfo !== null && Boolean(session.token || session.refreshToken);
}

export function getSession(): Session {
  return sessionStore.get();
}

export function subscribeSession(listener: () => void): () => void {
  return sessionStore.subscribe(listener);
}

export function setSession(next: { token: string; refreshToken?: string | null; userInfo: UserInfo }): void {
  const store = safeLocalStorage();
  store?.setItem(SESSION_KEYS.token, next.token);
  if (next.refreshToken) store?.setItem(SESSION_KEYS.refreshToken, next.refreshToken);
  else store?.removeItem(SESSION_KEYS.refreshToken);
  store?.setItem(SESSION_KEYS.userInfo, JSON.stringify(next.userInfo));
  reload();
}

/** Clearing removes token, refresh token and user info, and returns to logged out. */
export function clearSession(): void {
  const store = safeLocalStorage();
  for (const key of Object.values(SESSION_KEYS)) store?.removeItem(key);
  reload();
}

/** How many wallet answers have set the balance in this page (see `coinAnswersSeen`). */
let coinAnswers = 0;

/**
 * A stamp to take when a GET /user goes out: if it differs when the answer is stored, a wallet
 * answer (check-in, unlock, …) came in meanwhile. The two may have crossed on the server (the
 * read before the write committed), so the write's balance is the one to keep.
 */
export function coinAnswersSeen(): number {
  return coinAnswers;
}

/**
 * A user-info response with code 200 stores its data (docs/product.md#session); anything else (another code,
 * data that breaks the contract) clears the login state. Returns whether the data was stored.
 * With `coinStamp` (from `coinAnswersSeen` when the request went out), a balance stored since then
 * for the same user stays.
 */
export function updateUserInfo(
  response: { code: number; data: unknown } | null | undefined,
  { coinStamp }: { coinStamp?: number } = {},
): boolean {
  const info = response?.code === Code.OK ? checkUserInfo(response.data) : null;
  if (!info) {
    clearSession();
    return false;
  }
  const current = sessionStore.get().userInfo;
  const keepCoin = coinStamp !== undefined && coinStamp !== coinAnswers && current?.uid === info.uid;
  if (coinStamp !== undefined && !keepCoin) coinAnswers += 1;
  safeLocalStorage()?.setItem(SESSION_KEYS.userInfo, JSON.stringify(keepCoin ? { ...info, coin: current.coin } : info));
  reload();
  return true;
}

/**
 * A wallet answer carries the balance (POST /unlock, GET /wallet): the stored user info follows
 * it, so Me, Rewards, the wallet and the unlock dialog show the same coins without another
 * GET /user. `uid` is who the answer is about; an answer for a session that is gone (signed out,
 * or in as someone else, meanwhile) changes nothing. A read (GET /task, GET /wallet) passes
 * `readSince`, the `coinAnswersSeen` stamp from when it went out: if another balance was stored
 * meanwhile, the read may have run before that one's write, and it changes nothing.
 */
export function storeCoinBalance({ uid, coin, readSince }: { uid: number; coin: number; readSince?: number }): void {
  const { userInfo } = sessionStore.get();
  if (!userInfo || userInfo.uid !== uid) return;
  if (!Number.isSafeInteger(coin) || coin < 0) return;
  if (readSince !== undefined && readSince !== coinAnswers) return;
  coinAnswers += 1;
  if (userInfo.coin === coin) return;
  safeLocalStorage()?.setItem(SESSION_KEYS.userInfo, JSON.stringify({ ...userInfo, coin }));
  reload();
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) reload();
  });
}

export function useSession() {
  const session = useStore(sessionStore);
  return { ...session, signedIn: isSignedIn(session) };
}
