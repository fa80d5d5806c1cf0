import {
  DEFAULT_PAGE_SIZE,
  getWallet,
  WALLET_TABS,
  type Language,
  type WalletPage,
  type WalletTab,
} from '@cliffhanger/contract/browser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { coinAnswersSeen, getSession, storeCoinBalance } from '../../../lib/session';
import { useContentLanguage } from '../../../lib/use-content-language';

/** The tab of a `?type=` value; anything else reads as 'all'. */
export function walletTabFrom(value: string | null): WalletTab {
  return (WALLET_TABS as readonly string[]).includes(value ?? '') ? (value as WalletTab) : 'all';
}

/**
 * GET /wallet: the balance, the coins that will expire and the ledger newest first, 20 entries
 * a page. Pages are chained by the server's `next_cursor`, not by offset, so an entry that
 * arrives while the viewer reads neither repeats nor pushes one out of sight.
 */
async function fetchWalletPage(type: WalletTab, cursor: string | undefined, lang: Language): Promise<WalletPage> {
  const uid = getSession().userInfo?.uid;
  const readSince = coinAnswersSeen();
  const { data } = await api.call(getWallet, {
    // `lang`: the unlocked dramas' titles are named in the viewer's language.
    query: { type, size: DEFAULT_PAGE_SIZE, lang, ...(cursor ? { cursor } : {}) },
  });
  // The server's balance as of this read: the stored user info (and with it the wallet's header,
  // Me, Rewards and the unlock dialog) follows it, unless a newer one came in meanwhile.
  if (uid !== undefined) storeCoinBalance({ uid, coin: data.balance, readSince });
  return data;
}

export function useWallet(type: WalletTab, { enabled }: { enabled: boolean }) {
  const lang = useContentLanguage();
  return useInfiniteQuery({
    queryKey: [...WALLET_QUERY_KEY, type, lang],
    queryFn: ({ pageParam }) => fetchWalletPage(type, pageParam, lang),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Coins move elsewhere (unlocks, rewards, expiry): every visit shows the ledger as it is now.
    staleTime: 0,
    enabled,
  });
}
