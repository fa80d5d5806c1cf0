import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { BackButton } from '../../../components/ui/back-button';
import { BottomSheet } from '../components/bottom-sheet';
import { CommentsPanel } from '../components/comments-panel';
import { EpisodeActions } from '../components/episode-actions';
import { EpisodeGrid } from '../components/episode-grid';
import { VideoStage } from '../components/video-stage';
import { useSwipe } from '../../../lib/use-swipe';
import type { VideoSession } from '../hooks/use-video-session';
import './phone-video-layout.css';

type Sheet = 'comments' | 'episodes' | null;

/**
 * The video page on a phone (mobile flag, docs/product.md#layout-and-breakpoints): the full-screen
 * vertical player. Swipe up / ArrowDown for the next episode, swipe down / ArrowUp for the
 * previous, tap to pause; the actions run up the right edge over the video, comments and the
 * episode list open as sheets.
 */
export function PhoneVideoLayout({ session }: { session: VideoSession }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<Sheet>(null);
  const swipe = useSwipe((direction) => (direction === 'next' ? session.goNext() : session.goPrev()));

  const { drama, current, episodeId } = session;
  return (
    <div className="video-screen video-screen--mobile" data-testid="video-screen" data-layout="phone">
      <h1 className="visually-hidden">{t('titles.video')}</h1>
      <header className="mobile-video__top">
        <BackButton className="ui-back video-screen__back-button" />
        {drama && (
          <div className="mobile-video__heading">
            <p className="mobile-video__title" data-testid="video-title">
              {drama.title}
            </p>
            {current && (
              <p className="mobile-video__episode" data-testid="video-episode-number">
                {t('video.episodeNumber', { number: current.number })}
              </p>
            )}
          </div>
        )}
      </header>

      <div className="mobile-video__stage" role="region" aria-label={t('video.player')} {...swipe}>
        <VideoStage session={session} />
      </div>

      {drama && episodeId !== null && !session.problem && (
        <div className="mobile-video__side">
          <EpisodeActions
            drama={drama}
            playback={session.playback}
            locked={session.locked !== null}
            episodeId={episodeId}
            mobile
            layout="column"
            onComments={() => setSheet('comments')}
            onEpisodes={() => setSheet('episodes')}
          />
        </div>
      )}

      {session.playback && (
        <BottomSheet
          open={sheet === 'comments'}
          title={t('video.commentsCount', { total: session.playback.comment_count })}
          onClose={() => setSheet(null)}
          testId="comments-sheet"
        >
          <CommentsPanel episodeId={session.playback.episode.id} />
        </BottomSheet>
      )}
      {drama && (
        <BottomSheet
          open={sheet === 'episodes'}
          title={drama.title}
          onClose={() => setSheet(null)}
          testId="episodes-sheet"
        >
          <EpisodeGrid
            episodes={drama.episodes}
            currentId={episodeId}
            vip={drama.viewer.vip}
            tone="dark"
            onSelect={(episode) => {
              setSheet(null);
              session.goTo(episode.id);
            }}
          />
        </BottomSheet>
      )}
    </div>
  );
}
