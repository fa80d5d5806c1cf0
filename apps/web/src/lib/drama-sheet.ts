import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withParam } from './search-params';

/**
 * A drama's own page is a sheet over whatever page the viewer is on, opened by this query parameter
 * (docs/product.md#drama-page): no route has path parameters, and a query parameter keeps the page below,
 * its own query (a search, a sort) and its scroll, while the sheet gets a history entry of its own.
 */
const DRAMA_SHEET_PARAM = 'drama';

/** The drama whose sheet the query asks for, or null (absent or not a positive whole number). */
export function dramaSheetId(search: string): number | null {
  const raw = new URLSearchParams(search).get(DRAMA_SHEET_PARAM);
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** `pathname` + `search` with the sheet of `dramaId` open (or closed for null); other parameters stay. */
export function dramaSheetHref(location: { pathname: string; search: string }, dramaId: number | null): string {
  const query = withParam(
    new URLSearchParams(location.search),
    DRAMA_SHEET_PARAM,
    dramaId === null ? null : String(dramaId),
  );
  const search = query.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/** Links that open a drama's sheet over the current page. */
export function useDramaSheetHref(): (dramaId: number) => string {
  const { pathname, search } = useLocation();
  return useCallback((dramaId: number) => dramaSheetHref({ pathname, search }, dramaId), [pathname, search]);
}

/**
 * Closes the sheet as Back would: one step back when the app opened it (its entry sits on the page
 * below), or, on a link that opened the sheet directly, the page below in its place.
 */
export function useCloseDramaSheet(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key === 'default') void navigate(dramaSheetHref(location, null), { replace: true });
    else void navigate(-1);
  }, [navigate, location]);
}
