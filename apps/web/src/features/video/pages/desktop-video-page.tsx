import { useTranslation } from '../../../lib/use-translation';
import { BackButton } from '../../../components/ui/back-button';
import { CommentsPanel } from '../components/comments-panel';
import { EpisodeActions } from '../components/episode-actions';
import { EpisodeGrid } from '../components/episode-grid';
import { SessionUnlockDialog } from '../components/session-unlock-dialog';
import { VideoStage } from '../components/video-stage';
import { useVideoSession } from '../hooks/use-video-session';
import './desktop-video-page.css';
import './video-page.css';

/**
 * /pages/video/index: the vertical player on the left (at most the viewport's height), the
 * drama, its actions, the episode grid and the comments beside it. Space pauses, ArrowUp /
 * ArrowDown change episode.
 */
export function VideoPage() {
  const { t } = useTranslation();
  const session = useVideoSession();

  const { drama, current, episodeId } = session;
  return (
    <div className="video-screen video-screen--web" data-testid="video-screen">
      <div className="desktop-video">
        <div className="desktop-video__player" role="region" aria-label={t('video.player')}>
          <div className="desktop-video__back">
            <BackButton className="ui-back video-screen__back-button" />
          </div>
          <VideoStage session={session} />
        </div>

        {drama && (
          <section className="desktop-video__info" aria-labelledby="desktop-video-title">
            <h1 id="desktop-video-title" className="desktop-video__title" data-testid="video-title">
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
            <p className="desktop-video__synopsis">{drama.synopsis}</p>
            {episodeId !== null && (
              <EpisodeActions drama={drama} playback={session.playback} episodeId={episodeId} mobile={false} layout="row" />
            )}
            <h2 className="desktop-video__heading">{t('video.episodesCount', { total: drama.episodes.length })}</h2>
            <EpisodeGrid episodes={drama.episodes} currentId={episodeId} onSelect={(episode) => session.goTo(episode.id)} />
            {session.playback && (
              <>
                <h2 className="desktop-video__heading">
                  {t('video.commentsCount', { total: session.playback.comment_count })}
                </h2>
                <CommentsPanel episodeId={session.playback.episode.id} />
              </>
            )}
          </section>
        )}
      </div>
      <SessionUnlockDialog session={session} />
    </div>
  );
}
