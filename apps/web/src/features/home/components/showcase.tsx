import { useTranslation } from '../../../lib/use-translation';
import { LoadError } from '../../../components/ui/load-error';
import { useHome } from '../api/get-home';
import { Banner } from './banner';
import { DramaShelf } from './drama-shelf';

/** The top of home from GET /home: the banner carousel and the recommended, hot and latest shelves. */
export function Showcase() {
  const { t } = useTranslation();
  const home = useHome();
  if (home.isError && !home.data) {
    return (
      <div className="page-body">
        <LoadError error={home.error} onRetry={() => void home.refetch()} testId="home-error" />
      </div>
    );
  }
  const loading = home.isPending;
  return (
    <>
      <Banner banners={home.data?.banners ?? []} loading={loading} />
      <div className="page-body home-shelves">
        <DramaShelf title={t('home.recommended')} dramas={home.data?.recommended ?? []} loading={loading} testId="home-recommended" />
        <DramaShelf title={t('home.hot')} dramas={home.data?.hot ?? []} loading={loading} testId="home-hot" />
        <DramaShelf title={t('home.latest')} dramas={home.data?.latest ?? []} loading={loading} testId="home-latest" />
      </div>
    </>
  );
}
