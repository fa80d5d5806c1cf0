import type { Playback } from '@cliffhanger/contract/browser';
import { useCallback, useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { GearIcon, MutedIcon, PlayIcon } from '../../../components/ui/icons';
import { currentLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { PLAYER_ERROR_KEYS, SUBTITLE_ERROR_KEY, type PlayerError } from '../../../lib/player/player-errors';
import {
  effectiveSubtitle,
  readSubtitleChoice,
  writeQuality,
  writeSubtitleChoice,
  type SubtitleChoice,
} from '../player/preferences';
import { readQuality, type Quality } from '../../../lib/player/quality';
import type { HlsPlayerState } from '../../../lib/player/use-hls-player';
import { useRequireLogin } from '../../../lib/require-login';
import { usePlaybackRate } from '../api/playback-preferences';
import { useToggleLike } from '../api/toggle-like';
import { useTapGesture, type TapPoint } from '../hooks/use-tap-gesture';
import { BottomSheet } from './bottom-sheet';
import { EpisodeVideo } from './episode-video';
import { usePlaybackHold } from './playback-hold';
import { PlayerSettings } from './player-settings';
import { SeekBar } from './seek-bar';
import { TapHearts, useTapHearts } from './tap-hearts';
import './player-stage.css';

/** The default rate too: a new source (the next episode, a quality change) resets the rate to it. */
function playAt(video: HTMLVideoElement, rate: number): void {
  video.defaultPlaybackRate = rate;
  video.playbackRate = rate;
}

export interface PlayerControls {
  togglePlay: () => void;
}

export interface PlayerStageProps {
  playback: Playback;
  startPosition: number;
  /** The next episode, preloaded in a hidden player so that moving on shows a frame at once. */
  next: { playback: Playback; startPosition: number } | null;
  saveProgress: boolean;
  onEnded: () => void;
  /** Fetch a fresh playback (new signatures) and start again. */
  onRetry: () => void;
  controls?: Ref<PlayerControls>;
}

/**
 * The player: the current episode's video (plus the preloaded next one), a play mark while
 * paused, an unmute button after a muted autoplay, the settings sheet, and the error messages.
 */
export function PlayerStage({
  playback,
  startPosition,
  next,
  saveProgress,
  onEnded,
  onRetry,
  controls,
}: PlayerStageProps) {
  const { t } = useTranslation();
  const [quality, setQuality] = useState<Quality>(readQuality);
  const [storedSubtitle, setStoredSubtitle] = useState<SubtitleChoice | null>(readSubtitleChoice);
  const [muted, setMuted] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [status, setStatus] = useState<{ source: string; state: HlsPlayerState } | null>(null);
  const [playError, setPlayError] = useState<{ source: string; error: PlayerError } | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [paused, setPaused] = useState(false);
  const [framed, setFramed] = useState<string | null>(null);
  const held = usePlaybackHold();
  const [rate, setRate] = usePlaybackRate();

  const onStatus = useCallback((source: string, state: HlsPlayerState) => setStatus({ source, state }), []);
  const onPlayFailed = useCallback((source: string, error: PlayerError) => setPlayError({ source, error }), []);
  const onMutedByPolicy = useCallback(() => setMuted(true), []);
  const onSubtitleError = useCallback(() => showToast(t(SUBTITLE_ERROR_KEY)), [t]);
  const onFrame = useCallback((source: string) => setFramed(source), []);

  const source = playback.playlist_url;
  const current = status?.source === source ? status.state : null;
  const error = current?.error ?? (playError?.source === source ? playError.error : null);
  const languages = playback.subtitles.map((track) => track.lang);
  const subtitle = effectiveSubtitle(storedSubtitle, languages, currentLanguage());

  useEffect(() => {
    if (!video) return;
    const sync = () => setPaused(video.paused);
    video.addEventListener('play', sync);
    video.addEventListener('pause', sync);
    return () => {
      video.removeEventListener('play', sync);
      video.removeEventListener('pause', sync);
    };
  }, [video]);

  // The viewer's speed holds across episodes: each one's video is set when it comes on screen.
  useEffect(() => {
    if (video) playAt(video, rate);
  }, [video, rate]);

  const togglePlay = useCallback(() => {
    if (!video || error) return;
    if (video.paused) {
      video.play().catch(() => setPaused(true));
    } else {
      video.pause();
    }
  }, [video, error]);
  useImperativeHandle(controls, () => ({ togglePlay }), [togglePlay]);

  // A double tap likes, as the like button does (a visitor is asked to sign in first), and never
  // takes a like back: a heart shows where it landed either way.
  const requireLogin = useRequireLogin();
  const like = useToggleLike();
  const { hearts, addHeart } = useTapHearts();
  const likeByDoubleTap = (point: TapPoint) => {
    if (!requireLogin()) return;
    addHeart(point);
    if (!playback.liked && !like.isPending) {
      like.mutate({ episodeId: playback.episode.id, like: true, likes: playback.likes });
    }
  };
  const onSurfaceClick = useTapGesture({ onSingle: togglePlay, onDouble: likeByDoubleTap });

  const chooseQuality = (choice: Quality) => {
    setQuality(choice);
    writeQuality(choice);
  };
  const chooseSubtitle = (choice: SubtitleChoice) => {
    setStoredSubtitle(choice);
    writeSubtitleChoice(choice);
  };

  // Held, the current episode buffers its start like the preloaded next one and plays once let go.
  // The next episode's hidden player starts once this one shows a frame (or cannot play): before
  // that its playlists, segment and decoder would compete with the frame the viewer waits for.
  const players =
    next && (framed === source || error)
      ? [
          { playback, startPosition, active: !held },
          { ...next, active: false },
        ]
      : [{ playback, startPosition, active: !held }];
  return (
    <div className="player-stage" data-testid="player-stage">
      <div className="player-stage__surface" onClick={onSurfaceClick}>
        {players.map((player) => (
          <EpisodeVideo
            key={`${player.playback.episode.id} ${player.playback.playlist_url}`}
            playback={player.playback}
            active={player.active}
            startPosition={player.startPosition}
            quality={quality}
            subtitle={subtitle}
            muted={muted}
            saveProgress={saveProgress}
            onMutedByPolicy={onMutedByPolicy}
            onStatus={onStatus}
            onPlayFailed={onPlayFailed}
            onSubtitleError={onSubtitleError}
            onEnded={onEnded}
            onVideo={setVideo}
            onFrame={onFrame}
          />
        ))}
        {(held || current?.buffering) && !error && (
          <span
            className="player-stage__buffering"
            role="status"
            aria-label={t('common.loading')}
            data-testid="video-buffering"
          >
            <span className="player-stage__spinner" />
          </span>
        )}
        <TapHearts hearts={hearts} />
        {paused && !held && !error && (
          <span className="player-stage__paused" data-testid="video-paused">
            <PlayIcon size={56} />
          </span>
        )}
      </div>

      {error && (
        <div className="player-stage__error" role="alert" data-testid="video-error" data-error={error}>
          <p>{t(PLAYER_ERROR_KEYS[error])}</p>
          <Button variant="secondary" small onClick={onRetry} data-testid="video-retry">
            {t('common.retry')}
          </Button>
        </div>
      )}

      <div className="player-stage__corner">
        {muted && (
          <button
            type="button"
            className="player-stage__chip"
            onClick={() => setMuted(false)}
            data-testid="video-unmute"
          >
            <MutedIcon size={18} />
            {t('video.unmute')}
          </button>
        )}
        <button
          type="button"
          className="player-stage__chip"
          onClick={() => setSettingsOpen(true)}
          aria-label={t('video.settings')}
          data-testid="video-settings"
        >
          <GearIcon size={18} />
        </button>
      </div>

      {video && <SeekBar video={video} />}

      <BottomSheet
        open={settingsOpen}
        title={t('video.settings')}
        onClose={() => setSettingsOpen(false)}
        testId="video-settings-sheet"
      >
        <PlayerSettings
          qualities={current?.qualities ?? ['auto']}
          quality={current && current.qualities.includes(quality) ? quality : 'auto'}
          onQuality={chooseQuality}
          subtitles={languages}
          subtitle={subtitle}
          onSubtitle={chooseSubtitle}
          rate={rate}
          onRate={setRate}
        />
      </BottomSheet>
    </div>
  );
}
