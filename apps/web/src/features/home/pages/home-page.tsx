import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListView } from '../../../components/ui/list-view';
import { Section } from '../../../components/ui/section';
import { Segmented } from '../../../components/ui/segmented';
import { Banner } from '../components/banner';
import { DramaSection } from '../components/drama-section';
import { HomeNavBar } from '../components/home-nav-bar';

const SORTS = ['hits', 'likes', 'az'] as const;
type Sort = (typeof SORTS)[number];
const isSort = (value: string | null): value is Sort => (SORTS as readonly (string | null)[]).includes(value);

/** Home (spec §2): banner, recommended / hot / latest, and every drama sorted by hits, likes or A–Z. */
export function HomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : 'hits';
  const setSort = (next: Sort) => {
    const updated = new URLSearchParams(params);
    updated.set('sort', next);
    setParams(updated, { replace: true });
  };
  const sortLabels: Record<Sort, string> = {
    hits: t('home.sortHits'),
    likes: t('home.sortLikes'),
    az: t('home.sortAz'),
  };

  return (
    <>
      <HomeNavBar />
      <Banner />
      <div className="page-body">
        <DramaSection title={t('home.recommended')} testId="home-recommended" />
        <DramaSection title={t('home.hot')} testId="home-hot" />
        <DramaSection title={t('home.latest')} testId="home-latest" />
        <Section title={t('home.allDramas')} testId="home-all">
          <Segmented
            options={SORTS.map((key) => ({ key, label: sortLabels[key] }))}
            value={sort}
            onChange={setSort}
            label={t('home.sortBy')}
            testIdPrefix="home-sort"
          />
          <ListView
            items={[] as const}
            itemKey={(_, index) => index}
            renderItem={() => null}
            label={t('home.allDramas')}
            testId="home-all-list"
          />
        </Section>
      </div>
    </>
  );
}
