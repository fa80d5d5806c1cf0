import { PrerollGate } from '../ads/preroll-gate';
import type { VideoSession } from '../hooks/use-video-session';
import { PlayerStage } from './player-stage';
import { StageMessage } from './stage-message';

/** The player, after the pre-roll, when there is something to play, else the message for why not. */
export function VideoStage({ session }: { session: VideoSession }) {
  const { playback, problem } = session;
  return (
    <PrerollGate session={session}>
      {playback && !problem ? (
        <PlayerStage
          playback={playback}
          startPosition={session.startPosition}
          next={session.nextPreload}
          saveProgress={session.signedIn}
          onEnded={session.onEnded}
          onRetry={session.retry}
          controls={session.controls}
        />
      ) : (
        <StageMessage session={session} />
      )}
    </PrerollGate>
  );
}
