import { useTranslation } from '../../lib/use-translation';
import { useGoBack } from '../../lib/navigation';
import { BackIcon } from './icons';

export function BackButton({ className = 'ui-back' }: { className?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <button type="button" className={className} onClick={goBack} aria-label={t('common.back')} data-testid="nav-back">
      <BackIcon />
    </button>
  );
}
