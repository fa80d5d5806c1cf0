import type { EpisodeSummary } from '@cliffhanger/contract/browser';
import { Link } from 'react-router';
import { LockIcon } from '../../../components/ui/icons';
import { videoHref } from '../../../lib/paths';
import type { TFunction } from '../../../lib/translations';
import { useTranslation } from '../../../lib/use-translation';
import { useViewport } from '../../../lib/viewport';
import './drama-episode-list.css';

type Mark = 'free' | 'vip' | 'locked' | 'open';

/** What a tile says: free for everybody, covered by the viewer's VIP, locked at its price, or theirs. */
function markOf(episode: EpisodeSummary, vip: boolean): Mark {
  if (episode.free) return 'free';
  if (episode.locked) return 'locked';
  return vip ? 'vip' : 'open';
}

function labelOf(episode: EpisodeSummary, mark: Mark, t: TFunction): string {
  const number = episode.number;
  switch (mark) {
    case 'free':
      return t('drama.episodeFreeLabel', { number });
    case 'vip':
      return t('drama.episodeVipLabel', { number });
    case 'locked':
      return t('drama.episodeLockedLabel', { number, price: episode.price });
    case 'open':
      return t('drama.episodeOpenLabel', { number });
  }
}

/**
 * The drama's episodes as links into the player: each tile marks free ones, locked ones with a lock
 * and their price, and for a VIP the paid ones "VIP". A locked episode opens the player's unlock.
 */
export function DramaEpisodeList({
  dramaId,
  episodes,
  vip,
}: {
  dramaId: number;
  episodes: readonly EpisodeSummary[];
  vip: boolean;
}) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  return (
    <ol className="drama-episodes" data-testid="drama-episodes">
      {episodes.map((episode) => {
        const mark = markOf(episode, vip);
        return (
          <li key={episode.id}>
            <Link
              className={`drama-episodes__tile drama-episodes__tile--${mark}`}
              to={videoHref(isMobile, dramaId, episode.id)}
              aria-label={labelOf(episode, mark, t)}
              data-testid="drama-episode"
              data-episode-id={episode.id}
              data-mark={mark}
            >
              <span className="drama-episodes__number">{episode.number}</span>
              {mark === 'free' && <span className="drama-episodes__mark">{t('drama.episodeFree')}</span>}
              {mark === 'vip' && <span className="drama-episodes__mark">{t('drama.episodeVip')}</span>}
              {mark === 'locked' && (
                <span className="drama-episodes__mark drama-episodes__mark--price">
                  <LockIcon size={11} aria-hidden="true" />
                  {episode.price}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
