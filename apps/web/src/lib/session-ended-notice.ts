import { TOAST_DURATION_MS } from '@cliffhanger/contract/browser';
import { showToast } from './toast';

/** sessionStorage: the code of a session end whose toast the viewer may not have seen yet. */
const KEY = 'session_ended_code';

function store(action: (storage: Storage) => void): void {
  try {
    action(sessionStorage);
  } catch {
    // Storage refused (private mode, quota): the toast on screen is all there is.
  }
}

/**
 * Says that the session ended, and makes sure the viewer hears it: a page being left (a tap on a
 * link while a background refresh found the session revoked) takes its toast with it, and the
 * next page, finding no session, would say nothing. The code waits in sessionStorage until the
 * toast has been on screen for its full time; a page that loads before then says it again.
 */
export function announceSessionEnded(code: number, message: (code: number) => string): void {
  store((storage) => storage.setItem(KEY, String(code)));
  showToast(message(code));
  setTimeout(() => store((storage) => storage.removeItem(KEY)), TOAST_DURATION_MS);
}

/** On start: the session end a page left before its toast was seen, said now. */
export function announceUnseenSessionEnd(message: (code: number) => string): void {
  let code: number | undefined;
  store((storage) => {
    const saved = storage.getItem(KEY);
    if (saved !== null && /^\d+$/.test(saved)) code = Number(saved);
  });
  if (code !== undefined) announceSessionEnded(code, message);
}
