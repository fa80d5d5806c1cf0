/**
 * Query-key roots of the viewer's library. Whatever changes a favourite or the watch history
 * (the list tab, the history page, the video pages) invalidates these so every list follows.
 */
export const FAVORITES_QUERY_KEY = ['favorites'] as const;
export const HISTORY_QUERY_KEY = ['history'] as const;

/**
 * Query-key root of the viewer's wallet (GET /wallet). Whatever changes the balance (an unlock,
 * a claim, a purchase) invalidates it, so the wallet page never shows an old ledger.
 */
export const WALLET_QUERY_KEY = ['wallet'] as const;

/**
 * Query-key root of the viewer's VIP membership (GET /member). A purchase, a cancellation or a
 * resumption changes it; the payment result page and the VIP page both follow it.
 */
export const MEMBERSHIP_QUERY_KEY = ['membership'] as const;

/**
 * Query-key root of one drama's page for this viewer (GET /dramas/:id, any language). The video
 * pages and the drama's sheet read the same entry, so a favourite or an unlock made in one shows
 * in the other, and a sheet's Play opens the video page on data it already has.
 */
export const dramaQueryKey = (dramaId: number) => ['video', 'drama', dramaId] as const;
