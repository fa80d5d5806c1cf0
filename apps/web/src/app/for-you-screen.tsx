import { ForYouPage, type OpeningStageProps } from '../features/for-you/pages/for-you-page';
import { PlayerStage } from '../features/video/pages/video-page';

/**
 * The video page's player for the For You feed: an opening plays from its start and saves no
 * progress (the play itself is counted, and feeds the ranking), with the next drama's preloaded.
 */
function OpeningStage({ playback, next, onEnded, onRetry }: OpeningStageProps) {
  return (
    <PlayerStage
      playback={playback}
      startPosition={0}
      next={next && { playback: next, startPosition: 0 }}
      saveProgress={false}
      onEnded={onEnded}
      onRetry={onRetry}
    />
  );
}

export function ForYouScreen() {
  return <ForYouPage Stage={OpeningStage} />;
}
