import { postSmsLogin, type Session } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from './start-session';

/** POST /auth/sms/login (registers on first sign-in), then stores the session. */
export async function smsLogin(input: { phone: string; code: string }): Promise<Session> {
  const { data } = await api.call(postSmsLogin, { body: input });
  startSession(data);
  return data;
}

export function useSmsLogin() {
  return useMutation({ mutationFn: smsLogin });
}
