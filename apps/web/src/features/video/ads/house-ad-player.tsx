import type { Ad } from '@cliffhanger/contract/browser';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { MutedIcon } from '../../../components/ui/icons';
import { useAutoplay } from '../../../lib/player/use-autoplay';
import { useHlsPlayer } from '../../../lib/player/use-hls-player';
import './house-ad-player.css';

/**
 * A house ad (a promo clip of another drama) before an episode: a visible countdown, then a skip
 * button. It ends by itself when the clip ends or cannot play; `onDone` then lets the episode play.
 */
export function HouseAdPlayer({ ad, onDone }: { ad: Ad; onDone: () => void }) {
  const { t } = useTranslation();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [muted, setMuted] = useState(false);
  const status = useHlsPlayer({ video, src: ad.playlist_url, active: true, startPosition: 0, quality: 'auto' });
  useAutoplay({
    video,
    enabled: status.error === null,
    muted,
    onMutedByPolicy: () => setMuted(true),
    onFailed: onDone,
  });
  // Seconds until the skip button is live. PrerollGate keys this player per start, so every ad
  // counts down afresh.
  const [left, setLeft] = useState(ad.skippable_after_s);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  useEffect(() => {
    if (status.error) onDone();
  }, [status.error, onDone]);

  return (
    <div className="house-ad" data-testid="house-ad" data-ad-id={ad.id}>
      <video
        ref={setVideo}
        className="house-ad__video"
        playsInline
        poster={ad.poster}
        onEnded={onDone}
        data-testid="house-ad-video"
      />
      {/* One block at the bottom left: the top belongs to the page's back button and title,
          the right edge (phone) to the episode actions. */}
      <div className="house-ad__bar" data-testid="house-ad-bar">
        <div className="house-ad__info">
          <span className="house-ad__label" data-testid="house-ad-label">
            {t('ads.label')}
          </span>
          <span className="house-ad__title" data-testid="house-ad-title">
            {t('ads.promo', { title: ad.title })}
          </span>
        </div>
        <div className="house-ad__controls">
        {muted && (
          <button
            type="button"
            className="house-ad__chip"
            onClick={() => setMuted(false)}
            data-testid="house-ad-unmute"
          >
            <MutedIcon size={16} />
            {t('video.unmute')}
          </button>
        )}
        {left > 0 ? (
          <span className="house-ad__chip" aria-live="polite" data-testid="house-ad-countdown">
            {t('ads.skipIn', { seconds: left })}
          </span>
        ) : (
          <button type="button" className="house-ad__chip" onClick={onDone} data-testid="house-ad-skip">
            {t('ads.skip')}
          </button>
        )}
        </div>
      </div>
    </div>
  );
}
