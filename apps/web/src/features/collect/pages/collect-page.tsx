import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/ui/list-view';

/** The collection tab (spec §2 'list'): the viewer's favourite dramas. */
export function CollectPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <p className="page-intro">{t('collect.intro')}</p>
      <ListView
        items={[] as const}
        itemKey={(_, index) => index}
        renderItem={() => null}
        label={t('titles.list')}
        testId="collect-list"
      />
    </div>
  );
}
