import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FailureIcon, LockIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import type { PageProblem } from '../hooks/use-video-session';
import { PLAYER_ERROR_KEYS } from '../../../lib/player/player-errors';
import './stage-message.css';

/** What the black stage shows instead of a video: loading, a problem, or a locked episode. */
export function StageMessage({
  problem,
  lockedNumber,
  onUnlock,
  onRetry,
}: {
  problem: PageProblem;
  /** The locked episode's number, when the stage waits for an unlock. */
  lockedNumber?: number | null;
  onUnlock?: () => void;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  if (problem) {
    return (
      <div className="stage-message" role="alert" data-testid={problem === 'invalidVideo' ? 'video-invalid' : 'video-error'}>
        <FailureIcon size={48} />
        <p className="stage-message__title">{t(PLAYER_ERROR_KEYS[problem])}</p>
        {problem === 'invalidVideo' ? (
          <p className="stage-message__hint">{t('video.invalidHint')}</p>
        ) : (
          onRetry && (
            <Button variant="secondary" small onClick={onRetry} data-testid="video-retry">
              {t('common.retry')}
            </Button>
          )
        )}
      </div>
    );
  }
  if (lockedNumber != null && onUnlock) {
    return (
      <div className="stage-message" data-testid="video-locked">
        <LockIcon size={40} />
        <p className="stage-message__title">{t('video.unlock.title', { number: lockedNumber })}</p>
        <Button small onClick={onUnlock} data-testid="video-open-unlock">
          {t('video.unlock.open')}
        </Button>
      </div>
    );
  }
  return (
    <div className="stage-message">
      <Loading />
    </div>
  );
}
