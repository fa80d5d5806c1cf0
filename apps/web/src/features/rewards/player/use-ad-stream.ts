import { useEffect, useState } from 'react';
import { playWithFallback, setVideoSource } from './ad-media';
import { Events, Hls } from './hls';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Plays an ad's HLS playlist in a `<video>`: hls.js where Media Source Extensions exist, the
 * browser's own HLS otherwise. `failed` once it cannot play (no engine, a fatal error).
 */
export function useAdStream(video: HTMLVideoElement | null, src: string): { failed: boolean } {
  const [failure, setFailure] = useState<{ src: string } | null>(null);

  useEffect(() => {
    if (!video) return;
    let cancelled = false;
    const fail = () => {
      if (!cancelled) setFailure({ src });
    };
    const start = () => {
      void playWithFallback(video).then((ok) => {
        if (!ok) fail();
      });
    };
    if (Hls.isSupported()) {
      const hls = new Hls({ maxBufferLength: 30 });
      hls.on(Events.ERROR, (_event, data) => {
        if (data.fatal) fail();
      });
      hls.attachMedia(video);
      hls.loadSource(src);
      start();
      return () => {
        cancelled = true;
        hls.destroy();
      };
    }
    if (video.canPlayType(HLS_MIME)) {
      setVideoSource(video, src);
      start();
      return () => {
        cancelled = true;
        setVideoSource(video, null);
      };
    }
    fail();
    return () => {
      cancelled = true;
    };
  }, [video, src]);

  return { failed: failure?.src === src };
}
