import { t } from '../i18n/messages';

export function Loading() {
  return (
    <p className="loading" role="status">
      {t('app.loading')}
    </p>
  );
}
