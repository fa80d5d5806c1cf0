import type { EpisodeSummary } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { LockIcon } from '../../../components/ui/icons';
import './episode-grid.css';

export interface EpisodeGridProps {
  episodes: readonly EpisodeSummary[];
  currentId: number | null;
  onSelect: (episode: EpisodeSummary) => void;
  tone?: 'dark' | 'light';
}

/** Every episode by number: the current one highlighted, locked ones with a lock and their price. */
export function EpisodeGrid({ episodes, currentId, onSelect, tone = 'light' }: EpisodeGridProps) {
  const { t } = useTranslation();
  return (
    <ol className={`episode-grid episode-grid--${tone}`} aria-label={t('video.episodes')} data-testid="episode-grid">
      {episodes.map((episode) => {
        const current = episode.id === currentId;
        const label = episode.locked
          ? t('video.episodeLockedLabel', { number: episode.number, price: episode.price })
          : t('video.episodeNumber', { number: episode.number });
        return (
          <li key={episode.id}>
            <button
              type="button"
              className="episode-grid__tile"
              onClick={() => onSelect(episode)}
              aria-current={current ? 'true' : undefined}
              aria-label={label}
              data-testid={`episode-tile-${episode.number}`}
              data-locked={episode.locked ? 'true' : 'false'}
            >
              <span className="episode-grid__number">{episode.number}</span>
              {episode.locked && (
                <span className="episode-grid__price">
                  <LockIcon size={11} />
                  {episode.price}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
