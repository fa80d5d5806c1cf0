import { postPasswordLogin, postSmsLogin, postSmsSend, type Session } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/**
 * Every sign-in answers a contract Session; the device stores token, refresh token and user info
 * (lib/session.ts).
 */
export function startSession(session: Session): Session {
  setSession({ token: session.token, refreshToken: session.refresh_token, userInfo: session.user });
  return session;
}

/** POST /auth/sms/send: answers the seconds until another code may be requested. */
export function useSendSmsCode() {
  return useMutation({
    mutationFn: async (phone: string) => (await api.call(postSmsSend, { body: { phone } })).data.resend_in,
  });
}

/** POST /auth/sms/login (registers on first sign-in), then stores the session. */
export function useSmsLogin() {
  return useMutation({
    mutationFn: async (body: { phone: string; code: string }) =>
      startSession((await api.call(postSmsLogin, { body })).data),
  });
}

/** POST /auth/password/login, then stores the session. */
export function usePasswordLogin() {
  return useMutation({
    mutationFn: async (body: { phone: string; password: string }) =>
      startSession((await api.call(postPasswordLogin, { body })).data),
  });
}
