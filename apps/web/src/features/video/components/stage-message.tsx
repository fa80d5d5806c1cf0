import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { FailureIcon, LockIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import type { VideoSession } from '../hooks/use-video-session';
import { PLAYER_ERROR_KEYS } from '../../../lib/player/player-errors';
import './stage-message.css';

/** What the black stage shows instead of a video: loading, a problem, or a locked episode. */
export function StageMessage({ session }: { session: VideoSession }) {
  const { t } = useTranslation();
  const { problem, locked } = session;
  if (problem) {
    return (
      <div className="stage-message" role="alert" data-testid={problem === 'invalidVideo' ? 'video-invalid' : 'video-error'}>
        <FailureIcon size={48} />
        <p className="stage-message__title">{t(PLAYER_ERROR_KEYS[problem])}</p>
        {problem === 'invalidVideo' ? (
          <p className="stage-message__hint">{t('video.invalidHint')}</p>
        ) : (
          <Button variant="secondary" small onClick={session.retry} data-testid="video-retry">
            {t('common.retry')}
          </Button>
        )}
      </div>
    );
  }
  if (locked) {
    return (
      <div className="stage-message" data-testid="video-locked">
        <LockIcon size={40} />
        <p className="stage-message__title">{t('video.unlock.title', { number: locked.episodeNumber })}</p>
        <Button small onClick={session.openUnlock} data-testid="video-open-unlock">
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
