import { errorText } from '../i18n/error-text';
import { t } from '../i18n/messages';

/** A failed call, said in the operator's words, with a retry when there is something to retry. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{errorText(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('app.retry')}
        </button>
      )}
    </div>
  );
}
