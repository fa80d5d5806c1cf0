import type { Playback } from '@cliffhanger/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useProgressSaver } from '../hooks/use-progress-saver';
import { adoptEarlyVideo, earlyVideoFor } from '../../../lib/player/early-player';
import { applyPlayerAttributes, setSubtitleTracks, showOnlyTrack } from '../../../lib/player/media-element';
import type { PlayerError } from '../../../lib/player/player-errors';
import type { SubtitleChoice } from '../player/preferences';
import type { Quality } from '../../../lib/player/quality';
import { useAutoplay } from '../../../lib/player/use-autoplay';
import { useHlsPlayer, type HlsPlayerState } from '../../../lib/player/use-hls-player';

export interface EpisodeVideoProps {
  playback: Playback;
  /** On screen and playing; false: a hidden player preloading the start of the next episode. */
  active: boolean;
  startPosition: number;
  quality: Quality;
  subtitle: SubtitleChoice;
  muted: boolean;
  saveProgress: boolean;
  onMutedByPolicy: () => void;
  /** Reported with the playlist URL, which names this source (a retry gets a fresh one). */
  onStatus: (source: string, status: HlsPlayerState) => void;
  onPlayFailed: (source: string, error: PlayerError) => void;
  onSubtitleError: () => void;
  onEnded: () => void;
  onVideo?: (video: HTMLVideoElement | null) => void;
  /** The visible player has a frame to show, reported with the playlist URL. */
  onFrame?: (source: string) => void;
}

/** Cross-origin subtitle files (a CDN MEDIA_BASE_URL) need a CORS request; same-origin ones do not. */
function needsCors(urls: readonly string[]): boolean {
  return urls.some((url) => {
    try {
      return new URL(url, window.location.href).origin !== window.location.origin;
    } catch {
      return false;
    }
  });
}

/** One episode's `<video>` with its subtitle tracks; the test hooks are on the visible one. */
export function EpisodeVideo({
  playback,
  active,
  startPosition,
  quality,
  subtitle,
  muted,
  saveProgress,
  onMutedByPolicy,
  onStatus,
  onPlayFailed,
  onSubtitleError,
  onEnded,
  onVideo,
  onFrame,
}: EpisodeVideoProps) {
  const { t } = useTranslation();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const episodeId = playback.episode.id;
  const source = playback.playlist_url;
  // The element the page started before React (player/early-player.ts), maybe already playing:
  // moved into the page instead of a new one rendered, with what React would have written on it.
  const [early] = useState(() => earlyVideoFor(source));
  const adopt = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host || !early) return;
      adoptEarlyVideo(host, early);
      setVideo(early);
      // Unmuted autoplay was refused before React: it went on muted, as the page's own would.
      if (early.muted) onMutedByPolicy();
    },
    [early, onMutedByPolicy],
  );
  useEffect(() => {
    if (!early) return;
    setSubtitleTracks(
      early,
      playback.subtitles.map((track) => ({
        lang: track.lang,
        url: track.url,
        label: t(`video.subtitleLanguages.${track.lang}`),
      })),
    );
  }, [early, playback.subtitles, t]);
  useEffect(() => {
    if (!early || !active) return;
    early.addEventListener('ended', onEnded);
    return () => early.removeEventListener('ended', onEnded);
  }, [early, active, onEnded]);

  // Declared before the player so its last save reads the position before the source is torn down.
  useProgressSaver(video, episodeId, active && saveProgress);
  const status = useHlsPlayer({ video, src: source, active, startPosition, quality });
  useAutoplay({
    video,
    enabled: active && status.error === null,
    muted,
    onMutedByPolicy,
    onFailed: () => onPlayFailed(source, 'playbackFailed'),
  });

  useEffect(() => {
    if (active) onStatus(source, status);
  }, [active, source, status, onStatus]);

  useEffect(() => {
    if (active) onVideo?.(video);
  }, [active, video, onVideo]);

  useEffect(() => {
    if (!video || !active || !onFrame) return;
    // HAVE_CURRENT_DATA: a frame is decoded (a preloaded player has one before it comes on screen).
    const report = () => {
      if (video.readyState >= 2) onFrame(source);
    };
    report();
    video.addEventListener('loadeddata', report);
    return () => video.removeEventListener('loadeddata', report);
  }, [video, active, source, onFrame]);

  // Only the chosen language is fetched and shown; the preloading player shows none.
  // The browser may switch tracks on by itself (automatic selection when the source loads), so
  // the choice is applied again whenever the track list changes.
  useEffect(() => {
    if (!video) return;
    const language = active && subtitle !== 'off' ? subtitle : null;
    const enforce = () => showOnlyTrack(video, language);
    enforce();
    // jsdom's text track list is a bare array without events.
    const list = video.textTracks as TextTrackList | undefined;
    const tracks = typeof list?.addEventListener === 'function' ? list : undefined;
    tracks?.addEventListener('change', enforce);
    tracks?.addEventListener('addtrack', enforce);
    return () => {
      tracks?.removeEventListener('change', enforce);
      tracks?.removeEventListener('addtrack', enforce);
    };
  }, [video, subtitle, active, playback.subtitles]);

  // React does not hand a <track>'s error event to props, so it is listened to here.
  useEffect(() => {
    if (!video || !active) return;
    const tracks = [...video.querySelectorAll('track')];
    for (const track of tracks) track.addEventListener('error', onSubtitleError);
    return () => {
      for (const track of tracks) track.removeEventListener('error', onSubtitleError);
    };
  }, [video, active, onSubtitleError, playback.subtitles]);

  const cors = needsCors(playback.subtitles.map((s) => s.url));
  const className = `episode-video${active ? '' : ' episode-video--preload'}`;
  const testId = active ? 'video-player' : 'video-preload';
  useEffect(() => {
    if (!early) return;
    applyPlayerAttributes(early, {
      className,
      testId,
      episodeId,
      level: status.playingHeight,
      hidden: !active,
      crossOrigin: cors ? 'anonymous' : null,
    });
  }, [early, className, testId, episodeId, status.playingHeight, active, cors]);

  if (early) return <div ref={adopt} className="episode-video-host" />;
  return (
    <video
      ref={setVideo}
      className={className}
      data-testid={testId}
      data-episode-id={episodeId}
      data-level={status.playingHeight ?? ''}
      aria-hidden={active ? undefined : true}
      playsInline
      preload="auto"
      crossOrigin={cors ? 'anonymous' : undefined}
      onEnded={active ? onEnded : undefined}
    >
      {playback.subtitles.map((track) => (
        <track
          key={track.lang}
          kind="subtitles"
          srcLang={track.lang}
          label={t(`video.subtitleLanguages.${track.lang}`)}
          src={track.url}
        />
      ))}
    </video>
  );
}
