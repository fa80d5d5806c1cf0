import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { dramaSheetId } from '../../lib/drama-sheet';

// The sheet's code loads on the first open, so home's start does not carry it.
const DramaSheet = lazy(() => import('./components/drama-sheet').then((m) => ({ default: m.DramaSheet })));

/**
 * Opens a drama's sheet over any page whose query names one (`?drama=<id>`, docs/product.md#drama-page).
 * Keyed by the drama, so a new drama is a new sheet with its own focus and scroll.
 */
export function DramaSheetHost() {
  const { search } = useLocation();
  const dramaId = dramaSheetId(search);
  if (dramaId === null) return null;
  return (
    <Suspense fallback={null}>
      <DramaSheet key={dramaId} dramaId={dramaId} />
    </Suspense>
  );
}
