import type { Ad } from '@cliffhanger/contract/browser';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useAutoplay } from '../../../lib/player/use-autoplay';
import { useHlsPlayer } from '../../../lib/player/use-hls-player';
import './rewarded-ad-dialog.css';

/**
 * Plays a rewarded ad. Watching it to the end calls `onFinished` (which claims the coins);
 * closing it before the end pays nothing.
 */
export function RewardedAdDialog({ ad, onFinished, onClose }: { ad: Ad; onFinished: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [refused, setRefused] = useState(false);
  const status = useHlsPlayer({ video, src: ad.playlist_url, active: true, startPosition: 0, quality: 'auto' });
  // Muted if the browser refuses sound without a gesture: the coins are for watching.
  useAutoplay({
    video,
    enabled: status.error === null,
    muted: false,
    onMutedByPolicy: () => undefined,
    onFailed: () => setRefused(true),
  });
  const failed = refused || status.error !== null;

  const onTime = (element: HTMLVideoElement) => {
    if (Number.isFinite(element.duration)) setLeft(Math.max(0, Math.ceil(element.duration - element.currentTime)));
  };

  return (
    <Dialog open title={t('ads.rewardedTitle', { title: ad.title })} onClose={onClose} testId="rewarded-ad-dialog">
      <div className="rewarded-ad">
        <video
          ref={setVideo}
          className="rewarded-ad__video"
          playsInline
          poster={ad.poster}
          onTimeUpdate={(event) => onTime(event.currentTarget)}
          onEnded={onFinished}
          data-testid="rewarded-ad-video"
        />
        {failed ? (
          <p className="rewarded-ad__note" role="alert" data-testid="rewarded-ad-error">
            {t('errors.playbackFailed')}
          </p>
        ) : (
          <p className="rewarded-ad__note" data-testid="rewarded-ad-left">
            {left === null ? t('ads.watchToEnd') : t('ads.rewardIn', { seconds: left })}
          </p>
        )}
      </div>
      <Button variant="secondary" block onClick={onClose} data-testid="rewarded-ad-close">
        {t('common.close')}
      </Button>
    </Dialog>
  );
}
