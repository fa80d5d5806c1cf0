import { deleteUser } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** DELETE /user: the server revokes every session; this device forgets its login state too. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async () => {
      await api.call(deleteUser);
      clearSession();
    },
  });
}
