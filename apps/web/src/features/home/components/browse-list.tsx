import { DRAMA_SORTS, type DramaSort, type Genre } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { CardGrid, CardGridSkeleton } from '../../../components/ui/card-grid';
import { DramaCardSkeleton, DramaCardView } from '../../../components/ui/drama-card';
import { LoadError } from '../../../components/ui/load-error';
import { Section } from '../../../components/ui/section';
import { Segmented } from '../../../components/ui/segmented';
import { pageItems } from '../../../lib/page-items';
import { useDramaSheetHref } from '../../../lib/drama-sheet';
import { useDramaList } from '../api/list-dramas';
import { useGenreName } from './genre-chips';
import './browse-list.css';

/** 'All dramas', one genre's or the search results: sortable by hits, likes or A–Z, 20 at a time. */
export function BrowseList({
  sort,
  q,
  genre,
  onSortChange,
}: {
  sort: DramaSort;
  q: string;
  genre: Genre | null;
  onSortChange: (sort: DramaSort) => void;
}) {
  const { t } = useTranslation();
  const dramaHref = useDramaSheetHref();
  const nameOf = useGenreName();
  const list = useDramaList({ sort, q, genre });
  const dramas = pageItems(list.data?.pages);
  let title = q ? t('home.searchResults', { q }) : t('home.allDramas');
  if (!q && genre) title = t('home.genreDramas', { genre: nameOf(genre) });
  const sortLabels: Record<DramaSort, string> = {
    hits: t('home.sortHits'),
    likes: t('home.sortLikes'),
    az: t('home.sortAz'),
  };

  let body;
  if (list.isPending) {
    body = <CardGridSkeleton count={6} renderCell={() => <DramaCardSkeleton />} testId="home-all-loading" />;
  } else if (list.isError && !list.data) {
    body = <LoadError error={list.error} onRetry={() => void list.refetch()} testId="home-all-error" />;
  } else {
    body = (
      <>
        <CardGrid
          items={dramas}
          itemKey={(drama) => drama.id}
          renderItem={(drama) => (
            <DramaCardView
              drama={drama}
              href={dramaHref(drama.id)}
              metric={sort === 'likes' ? 'likes' : 'hits'}
              testId="home-all-card"
            />
          )}
          hasMore={list.hasNextPage && !list.isFetchNextPageError}
          onLoadMore={() => void list.fetchNextPage()}
          loadingMore={list.isFetchingNextPage}
          emptyText={
            q ? t('home.searchEmpty', { q }) : genre ? t('home.genreEmpty', { genre: nameOf(genre) }) : undefined
          }
          label={title}
          testId="home-all-list"
        />
        {list.isFetchNextPageError && (
          <LoadError error={list.error} onRetry={() => void list.fetchNextPage()} testId="home-all-more-error" />
        )}
      </>
    );
  }

  return (
    <Section title={title} testId="home-all">
      <div className="home-browse__sort">
        <Segmented
          options={DRAMA_SORTS.map((key) => ({ key, label: sortLabels[key] }))}
          value={sort}
          onChange={onSortChange}
          label={t('home.sortBy')}
          testIdPrefix="home-sort"
        />
      </div>
      {body}
    </Section>
  );
}
