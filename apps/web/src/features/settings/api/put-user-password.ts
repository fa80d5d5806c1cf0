import { putUserPassword } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSession, updateUserInfo } from '../../../lib/session';

/** PUT /user/password: sets a first password, or changes it (then the current one is required). */
export async function setPassword(input: { password: string; currentPassword?: string }): Promise<void> {
  await api.call(putUserPassword, {
    body: {
      password: input.password,
      ...(input.currentPassword !== undefined ? { current_password: input.currentPassword } : {}),
    },
  });
  // The account has a password now; the next change asks for it.
  const current = getSession().userInfo;
  if (current && !current.has_password) updateUserInfo({ code: 200, data: { ...current, has_password: true } });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
