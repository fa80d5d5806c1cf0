import { Link } from 'react-router';
import { PosterImage } from '../../../components/ui/poster-image';
import { Section } from '../../../components/ui/section';
import { videoHref } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { useViewport } from '../../../lib/viewport';
import { useContinueWatching } from '../api/list-continue-watching';
import { progressPercent } from '../continue-watching';
import './continue-watching-shelf.css';

/**
 * Home's "Continue watching" for a signed-in viewer: the dramas they are in the middle of, most
 * recent first, each opening the video page at the saved episode (the page resumes at the saved
 * position, from the same history). A visitor, a viewer with nothing in progress, or a history
 * that fails to load shows nothing: the shelf is an extra, never a blocker of home.
 */
export function ContinueWatchingShelf() {
  const { signedIn } = useSession();
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const query = useContinueWatching({ enabled: signedIn });
  const items = signedIn ? (query.data ?? []) : [];
  if (items.length === 0) return null;
  const title = t('home.continueWatching');
  return (
    <div className="page-body">
      <Section title={title} testId="home-continue">
        <ul className="home-continue" aria-label={title}>
          {items.map((item) => {
            const percent = progressPercent(item);
            return (
              <li key={item.id} className="home-continue__item">
                <Link
                  className="home-continue__card"
                  to={videoHref(isMobile, item.id, item.episode_id)}
                  aria-label={t('home.continueLabel', { title: item.title, n: item.episode_number })}
                  data-testid="home-continue-card"
                  data-drama-id={item.id}
                  data-episode-id={item.episode_id}
                >
                  <span className="home-continue__poster">
                    <PosterImage src={item.poster} />
                    <span
                      className="home-continue__bar"
                      role="progressbar"
                      aria-label={t('home.continueProgress', { percent })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      data-testid="home-continue-progress"
                    >
                      <span className="home-continue__fill" style={{ width: `${percent}%` }} />
                    </span>
                  </span>
                  <span className="home-continue__title">{item.title}</span>
                  <span className="home-continue__episode">
                    {t('home.continueEpisode', { n: item.episode_number })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}
