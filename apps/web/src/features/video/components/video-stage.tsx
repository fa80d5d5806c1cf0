import type { Ref } from 'react';
import type { VideoSession } from '../hooks/use-video-session';
import { PlayerStage, type PlayerControls } from './player-stage';
import { StageMessage } from './stage-message';

/** The player when there is something to play, else the message for why not. */
export function VideoStage({ session, controls }: { session: VideoSession; controls?: Ref<PlayerControls> }) {
  const { playback, problem } = session;
  if (playback && !problem) {
    return (
      <PlayerStage
        playback={playback}
        startPosition={session.startPosition}
        next={session.nextPreload}
        saveProgress={session.signedIn}
        onEnded={session.goNext}
        onRetry={session.retry}
        controls={controls}
      />
    );
  }
  return (
    <StageMessage
      problem={problem}
      lockedNumber={session.locked?.episodeNumber ?? null}
      onUnlock={session.openUnlock}
      onRetry={session.retry}
    />
  );
}
