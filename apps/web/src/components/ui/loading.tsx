import { useTranslation } from '../../lib/use-translation';
import './loading.css';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ui-loading" role="progressbar" aria-label={label ?? t('common.loading')} data-testid="loading">
      <span className="ui-loading__spinner" aria-hidden="true" />
    </div>
  );
}
