import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { FailureIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import './video-page.css';

/** A drama or episode id from the query: a positive whole number, else null. */
export function videoIdFrom(params: URLSearchParams): number | null {
  for (const name of ['id', 'drama_id', 'dramaId']) {
    const raw = params.get(name);
    if (raw && /^[1-9]\d{0,15}$/.test(raw)) return Number(raw);
  }
  return null;
}

/**
 * The player (spec §2: custom bar, no sidebar): black and edge to edge, nothing drawn over the
 * video but a way back. Without a valid id it says 'Invalid video'.
 */
function VideoScreen({ variant }: { variant: 'web' | 'mobile' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = videoIdFrom(params);
  return (
    <div className={`video-screen video-screen--${variant}`} data-testid="video-screen">
      <h1 className="visually-hidden">{t('titles.video')}</h1>
      <div className="video-screen__back">
        <BackButton className="ui-back video-screen__back-button" />
      </div>
      {id === null ? (
        <div className="video-screen__message" role="alert" data-testid="video-invalid">
          <FailureIcon size={48} />
          <p className="video-screen__title">{t('errors.invalidVideo')}</p>
          <p className="video-screen__hint">{t('video.invalidHint')}</p>
        </div>
      ) : (
        <div className="video-screen__stage" role="region" aria-label={t('video.player')} data-video-id={id}>
          <Loading />
        </div>
      )}
    </div>
  );
}

export const VideoPage = () => <VideoScreen variant="web" />;
export const MobileVideoPage = () => <VideoScreen variant="mobile" />;
