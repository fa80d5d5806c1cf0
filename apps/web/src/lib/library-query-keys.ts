/**
 * Query-key roots of the viewer's library. Whatever changes a favourite or the watch history
 * (the list tab, the history page, the video pages) invalidates these so every list follows.
 */
export const FAVORITES_QUERY_KEY = ['favorites'] as const;
export const HISTORY_QUERY_KEY = ['history'] as const;
