import { putInvite, type EnterInviteResult } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { getSession, storeCoinBalance } from '../../../lib/session';
import { INVITE_QUERY_KEY } from './invite-keys';

/**
 * Spec §7 ★ PUT /invite/{invite_code} with a payload including invite_code. Accepted: the invitee's
 * welcome coins are credited at once and the balance follows; refusals are 60001–60006.
 */
export async function enterInviteCode(inviteCode: string): Promise<EnterInviteResult> {
  const uid = getSession().userInfo?.uid;
  const { data } = await api.call(putInvite, {
    params: { invite_code: inviteCode },
    body: { invite_code: inviteCode },
  });
  if (uid !== undefined) storeCoinBalance({ uid, coin: data.balance });
  return data;
}

export function useEnterInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterInviteCode,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: INVITE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
  });
}
