/** Query key of GET /invite; entering a code invalidates it. */
export const INVITE_QUERY_KEY = ['invite'] as const;
