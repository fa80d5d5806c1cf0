import { DEFAULT_PAGE_SIZE, getWallet, WALLET_TABS, type WalletPage, type WalletTab } from '@cliffhanger/contract';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';

export type WalletData = InfiniteData<WalletPage, string | undefined>;

/** The tab of a `?type=` value; anything else reads as 'all'. */
export function walletTabFrom(value: string | null): WalletTab {
  return (WALLET_TABS as readonly string[]).includes(value ?? '') ? (value as WalletTab) : 'all';
}

/**
 * GET /wallet: the balance, the coins that will expire and the ledger newest first, 20 entries
 * a page. Pages are chained by the server's `next_cursor`, not by offset, so an entry that
 * arrives while the viewer reads neither repeats nor pushes one out of sight.
 */
export async function fetchWalletPage(type: WalletTab, cursor: string | undefined): Promise<WalletPage> {
  const { data } = await api.call(getWallet, {
    query: { type, size: DEFAULT_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
  return data;
}

export const walletQueryOptions = (type: WalletTab) =>
  infiniteQueryOptions({
    queryKey: [...WALLET_QUERY_KEY, type],
    queryFn: ({ pageParam }) => fetchWalletPage(type, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Coins move elsewhere (unlocks, rewards, expiry): every visit shows the ledger as it is now.
    staleTime: 0,
  });

export function useWallet(type: WalletTab, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...walletQueryOptions(type), enabled });
}
