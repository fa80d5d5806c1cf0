import { deleteUser } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** DELETE /user: the server revokes every session; this device forgets its login state too. */
export async function deleteAccount(): Promise<void> {
  await api.call(deleteUser);
  clearSession();
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
