import { getInvite, putInvite } from '@cliffhanger/contract/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { getSession, storeCoinBalance } from '../../../lib/session';

/** Query key of GET /invite; entering a code invalidates it. */
const INVITE_QUERY_KEY = ['invite'] as const;

/** GET /invite: own code, the invite record (newest first), counts, whether a code may still be entered, rules. */
export function useInvite({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: INVITE_QUERY_KEY,
    queryFn: async () => (await api.call(getInvite)).data,
    staleTime: 0,
    enabled,
  });
}

/**
 * PUT /invite/{invite_code} with a payload including invite_code, a call whose shape is fixed
 * (docs/product.md#api-calls). Accepted: the invitee's welcome coins are credited at once and the balance
 * follows; refusals are the Code.INVITE_* codes.
 */
export function useEnterInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inviteCode: string) => {
      const uid = getSession().userInfo?.uid;
      const { data } = await api.call(putInvite, {
        params: { invite_code: inviteCode },
        body: { invite_code: inviteCode },
      });
      if (uid !== undefined) storeCoinBalance({ uid, coin: data.balance });
      return data;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: INVITE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
  });
}
