import { useTranslation } from '../../lib/use-translation';
import { messageForError } from '../../lib/error-message';
import { AlertIcon } from './icons';
import { Button } from './button';
import './load-error.css';

/** A part of a page that failed to load: what went wrong (translated from the code) and a retry. */
export function LoadError({ error, onRetry, testId = 'load-error' }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ui-load-error" role="alert" data-testid={testId}>
      <AlertIcon size={28} />
      <p className="ui-load-error__text">{messageForError(error, t)}</p>
      <Button variant="secondary" small onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
