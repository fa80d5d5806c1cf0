import { useTranslation } from '../../../lib/use-translation';
import { CardGrid, CardGridSkeleton } from '../../../components/ui/card-grid';
import { DramaCardSkeleton } from '../../../components/ui/drama-card';
import { LoadError } from '../../../components/ui/load-error';
import { LoginRequired } from '../../../components/ui/login-required';
import { pageItems } from '../../../lib/page-items';
import { useSession } from '../../../lib/session';
import { useFavorites } from '../api/list-favorites';
import { useRemoveFavorite } from '../api/remove-favorite';
import { FavoriteCard } from '../components/favorite-card';

/** The List tab (My List): the viewer's favourite dramas, newest first, 20 at a time. */
export function CollectPage() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const favorites = useFavorites({ enabled: signedIn });
  const remove = useRemoveFavorite();
  // A visitor has no list (docs/product.md#roles); sign in, then come back here.
  if (!signedIn) {
    return (
      <div className="page-body">
        <LoginRequired message={t('collect.intro')} />
      </div>
    );
  }
  const items = pageItems(favorites.data?.pages);
  let body;
  if (favorites.isPending) {
    body = <CardGridSkeleton count={6} renderCell={() => <DramaCardSkeleton />} testId="collect-loading" />;
  } else if (favorites.isError && !favorites.data) {
    body = <LoadError error={favorites.error} onRetry={() => void favorites.refetch()} testId="collect-error" />;
  } else {
    body = (
      <>
        <CardGrid
          items={items}
          itemKey={(item) => item.id}
          renderItem={(item) => <FavoriteCard item={item} onRemove={(id) => remove.mutate(id)} />}
          hasMore={favorites.hasNextPage && !favorites.isFetchNextPageError}
          onLoadMore={() => void favorites.fetchNextPage()}
          loadingMore={favorites.isFetchingNextPage}
          label={t('titles.list')}
          testId="collect-list"
        />
        {favorites.isFetchNextPageError && (
          <LoadError error={favorites.error} onRetry={() => void favorites.fetchNextPage()} testId="collect-more-error" />
        )}
      </>
    );
  }
  return (
    <div className="page-body">
      <p className="page-intro">{t('collect.intro')}</p>
      {body}
    </div>
  );
}
