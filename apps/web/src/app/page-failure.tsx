import { useTranslation } from '../lib/use-translation';
import { Button } from '../components/ui/button';
import { AlertIcon } from '../components/ui/icons';
import './page-failure.css';

/** A page whose code could not be fetched (a chunk that failed to load). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'page failed to load', { cause });
    this.name = 'PageLoadError';
  }
}

/**
 * What a page shows when it cannot: 'Navigation failed, please try again' when its code did not
 * load (retry fetches it again), 'System Error' for anything else.
 */
export function PageFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const loadFailed = error instanceof PageLoadError;
  return (
    <div className="page-failure" role="alert" data-testid={loadFailed ? 'navigation-failed' : 'system-error'}>
      <AlertIcon size={40} />
      <p className="page-failure__text">{loadFailed ? t('errors.navigationFailed') : t('errors.system')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}
