import { consoleGetEditorial, EDITORIAL_MAX_BANNERS, EDITORIAL_MAX_SHELF } from '@cliffhanger/contract/console';
import { useConsoleQuery } from '../../api/console-query';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { t } from '../../i18n/messages';
import { HomePreview } from './HomePreview';
import { PlacementEditor } from './PlacementEditor';

/** Home's banner carousel and recommended shelf, each edited and saved on its own, and the preview. */
export default function EditorialPage() {
  const editorial = useConsoleQuery(consoleGetEditorial);
  return (
    <>
      <h1>{t('editorial.title')}</h1>
      <p>{t('editorial.intro')}</p>
      {editorial.isPending ? (
        <Loading />
      ) : editorial.error ? (
        <ErrorNotice error={editorial.error} onRetry={() => void editorial.refetch()} />
      ) : (
        <div className="editorial">
          <PlacementEditor list="banners" saved={editorial.data.banners} max={EDITORIAL_MAX_BANNERS} />
          <PlacementEditor list="shelf" saved={editorial.data.shelf} max={EDITORIAL_MAX_SHELF} />
        </div>
      )}
      <HomePreview />
    </>
  );
}
