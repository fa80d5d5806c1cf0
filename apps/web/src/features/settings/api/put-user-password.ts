import { putUserPassword, type BodyOf } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSession, updateUserInfo } from '../../../lib/session';

/** PUT /user/password: sets a first password, or changes it (then the current one is required). */
export function useSetPassword() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof putUserPassword>) => {
      await api.call(putUserPassword, { body });
      // The account has a password now; the next change asks for it.
      const current = getSession().userInfo;
      if (current && !current.has_password) updateUserInfo({ code: 200, data: { ...current, has_password: true } });
    },
  });
}
