import { DRAMA_SORTS, GENRES, type DramaSort, type Genre } from '@cliffhanger/contract/browser';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { withParam } from '../../../lib/search-params';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BrowseList } from '../components/browse-list';
import { ChartsSection } from '../components/charts-section';
import { ContinueWatchingShelf } from '../components/continue-watching-shelf';
import { GenreChips } from '../components/genre-chips';
import { HomeNavBar } from '../components/home-nav-bar';
import { SearchBox } from '../components/search-box';
import { Showcase } from '../components/showcase';
import './home-page.css';

/** Typing settles this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

const isSort = (value: string | null): value is DramaSort =>
  (DRAMA_SORTS as readonly (string | null)[]).includes(value);
const isGenre = (value: string | null): value is Genre => (GENRES as readonly (string | null)[]).includes(value);

/**
 * Home (docs/product.md#screen-contents): banner, recommended / hot / latest, the charts, and every drama (or
 * one genre's) sorted by hits, likes or A–Z, plus a title search. The sort (`?sort=`), the genre (`?genre=`) and
 * the search (`?q=`) live in the address, so going back to home, reloading or sharing the link keeps them.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: DramaSort = isSort(sortParam) ? sortParam : 'hits';
  const q = (params.get('q') ?? '').trim();
  const genreParam = params.get('genre');
  const genre = isGenre(genreParam) ? genreParam : null;
  const [text, setText] = useState(q);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();

  const setQuery = (key: 'sort' | 'q' | 'genre', value: string) =>
    setParams((current) => withParam(current, key, value), { replace: true });

  // Typing settled: search for it (an empty box browses everything again).
  useEffect(() => {
    if (settled !== q) setQuery('q', settled);
    // Only a new settled text searches; q changing on its own (clear, back) must not undo it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <>
      <HomeNavBar />
      <SearchBox
        value={text}
        onChange={setText}
        onSubmit={() => setQuery('q', text.trim())}
        onClear={() => {
          setText('');
          setQuery('q', '');
        }}
      />
      {!q && <Showcase />}
      {!q && <ContinueWatchingShelf />}
      {!q && <ChartsSection />}
      <div className="page-body home-browse">
        <GenreChips value={genre} onChange={(next) => setQuery('genre', next ?? '')} />
        <BrowseList sort={sort} q={q} genre={genre} onSortChange={(next) => setQuery('sort', next)} />
      </div>
    </>
  );
}
