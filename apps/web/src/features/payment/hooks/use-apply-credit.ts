import type { Order } from '@cliffhanger/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MEMBERSHIP_QUERY_KEY, WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { refreshUserInfo } from '../../../lib/user-info/get-user';

/**
 * Once an order is fulfilled, everything that shows coins or VIP asks again: the stored user
 * info (balance and VIP on Me, Rewards, the unlock dialog), the wallet ledger and the membership.
 * Answers whether the stored user info is now the server's, i.e. the balance shown is the new one.
 */
export function useApplyCredit(order: Order | undefined): boolean {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState(false);
  const fulfilledId = order?.status === 'fulfilled' ? order.order_id : null;
  useEffect(() => {
    if (!fulfilledId) return;
    let live = true;
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY });
    void refreshUserInfo().then((ok) => {
      if (live) setFresh(ok);
    });
    return () => {
      live = false;
    };
  }, [fulfilledId, queryClient]);
  return fresh;
}

/** True once `active` has lasted `afterMs` without a break. */
export function useTakingLong(active: boolean, afterMs: number): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setLong(true), afterMs);
    return () => {
      clearTimeout(timer);
      setLong(false);
    };
  }, [active, afterMs]);
  return long;
}
