import { postPasswordLogin, type Session } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from './start-session';

/** POST /auth/password/login, then stores the session. */
export async function passwordLogin(input: { phone: string; password: string }): Promise<Session> {
  const { data } = await api.call(postPasswordLogin, { body: input });
  startSession(data);
  return data;
}

export function usePasswordLogin() {
  return useMutation({ mutationFn: passwordLogin });
}
