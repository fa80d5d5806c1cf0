import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { seekTo } from '../../../lib/player/media-element';
import './seek-bar.css';

/** m:ss */
function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Elapsed and total time with a slider to move through the episode. */
export function SeekBar({ video }: { video: HTMLVideoElement }) {
  const { t } = useTranslation();
  const [time, setTime] = useState({ current: 0, duration: 0 });

  useEffect(() => {
    const sync = () => setTime({ current: video.currentTime, duration: Number.isFinite(video.duration) ? video.duration : 0 });
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked', 'emptied'] as const;
    for (const name of events) video.addEventListener(name, sync);
    return () => {
      for (const name of events) video.removeEventListener(name, sync);
    };
  }, [video]);

  return (
    <div
      className="seek-bar"
      onClick={(event) => event.stopPropagation()}
      onPointerDown={(event) => event.stopPropagation()}
      onPointerUp={(event) => event.stopPropagation()}
    >
      <span className="seek-bar__time">{formatTime(time.current)}</span>
      <input
        className="seek-bar__range"
        type="range"
        min={0}
        max={time.duration || 0}
        step={0.1}
        value={Math.min(time.current, time.duration || 0)}
        aria-label={t('video.seek')}
        onChange={(event) => {
          seekTo(video, Number(event.target.value));
        }}
        data-testid="video-seek"
      />
      <span className="seek-bar__time">{formatTime(time.duration)}</span>
    </div>
  );
}
