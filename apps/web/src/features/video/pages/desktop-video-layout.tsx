import { useId, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { BackButton } from '../../../components/ui/back-button';
import { DramaFacts } from '../../../components/ui/drama-facts';
import { CommentsPanel } from '../components/comments-panel';
import { EpisodeActions } from '../components/episode-actions';
import { EpisodeGrid } from '../components/episode-grid';
import { VideoStage } from '../components/video-stage';
import type { VideoSession } from '../hooks/use-video-session';
import './desktop-video-layout.css';

/**
 * The video page wider than the mobile flag (docs/product.md#layout-and-breakpoints): the vertical
 * player as tall as the window, the action rail beside it (not over the picture), and a side panel
 * with the drama, its synopsis, its facts (the same component as the drama's sheet: episodes,
 * running time, prices, VIP), the episode grid (the episodes sheet's picker, always open) and
 * the comments. The panel scrolls on its own, so the player never leaves the screen.
 * Space pauses, ArrowUp / ArrowDown change episode.
 */
export function DesktopVideoLayout({ session }: { session: VideoSession }) {
  const { t } = useTranslation();
  const titleId = useId();
  const commentsRef = useRef<HTMLHeadingElement>(null);

  const showComments = () => {
    const heading = commentsRef.current;
    if (!heading) return;
    heading.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.focus({ preventScroll: true });
  };

  const { drama, current, episodeId } = session;
  return (
    <div className="video-screen video-screen--desktop" data-testid="video-screen" data-layout="desktop">
      <div className="desktop-video">
        <div
          className="desktop-video__player"
          role="region"
          aria-label={t('video.player')}
          data-testid="video-player-box"
        >
          <div className="desktop-video__back">
            <BackButton className="ui-back video-screen__back-button" />
          </div>
          <VideoStage session={session} />
        </div>

        {drama && episodeId !== null && !session.problem && (
          <div className="desktop-video__rail" data-testid="video-rail">
            <EpisodeActions
              drama={drama}
              playback={session.playback}
              locked={session.locked !== null}
              episodeId={episodeId}
              mobile={false}
              layout="column"
              onComments={showComments}
            />
          </div>
        )}

        {drama && (
          <section className="desktop-video__panel" aria-labelledby={titleId} data-testid="video-side-panel">
            <header className="desktop-video__about">
              <h1 id={titleId} className="desktop-video__title" data-testid="video-title">
                {drama.title}
              </h1>
              {current && (
                <p className="desktop-video__episode" data-testid="video-episode-number">
                  {t('video.episodeNumber', { number: current.number })}
                </p>
              )}
              {drama.tags.length > 0 && (
                <ul className="desktop-video__tags" aria-label={t('video.tags')}>
                  {drama.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
              )}
              <p className="desktop-video__synopsis" data-testid="video-synopsis">
                {drama.synopsis}
              </p>
              <DramaFacts drama={drama} tone="dark" />
            </header>

            <h2 className="desktop-video__heading">{t('video.episodesCount', { total: drama.episodes.length })}</h2>
            <EpisodeGrid
              episodes={drama.episodes}
              currentId={episodeId}
              vip={drama.viewer.vip}
              tone="dark"
              onSelect={(episode) => session.goTo(episode.id)}
            />

            {session.playback && (
              <>
                <h2 ref={commentsRef} className="desktop-video__heading" tabIndex={-1}>
                  {t('video.commentsCount', { total: session.playback.comment_count })}
                </h2>
                <CommentsPanel episodeId={session.playback.episode.id} />
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
