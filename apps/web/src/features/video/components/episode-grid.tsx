import type { EpisodeSummary } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { LockIcon } from '../../../components/ui/icons';
import type { TranslationKey } from '../../../lib/translations';
import './episode-grid.css';

export interface EpisodeGridProps {
  episodes: readonly EpisodeSummary[];
  currentId: number | null;
  /** The viewer is VIP: the paid episodes they can play are marked as VIP's. */
  vip: boolean;
  onSelect: (episode: EpisodeSummary) => void;
  tone?: 'dark' | 'light';
}

/** Why an episode plays for this viewer, or that it does not. */
type TileState = 'free' | 'locked' | 'vip' | 'unlocked';

function stateOf(episode: EpisodeSummary, vip: boolean): TileState {
  if (episode.free) return 'free';
  if (episode.locked) return 'locked';
  return vip ? 'vip' : 'unlocked';
}

const LABELS: Record<TileState, TranslationKey> = {
  free: 'video.episodeFreeLabel',
  locked: 'video.episodeLockedLabel',
  vip: 'video.episodeVipLabel',
  unlocked: 'video.episodeNumber',
};

/**
 * Every episode by number, the picker of the episodes sheet and of the desktop page's side panel:
 * the current one highlighted, free ones marked free, locked ones with a lock and their price, and
 * for a VIP the paid ones marked VIP. An episode unlocked with coins shows its number alone.
 */
export function EpisodeGrid({ episodes, currentId, vip, onSelect, tone = 'light' }: EpisodeGridProps) {
  const { t } = useTranslation();
  return (
    <ol className={`episode-grid episode-grid--${tone}`} aria-label={t('video.episodes')} data-testid="episode-grid">
      {episodes.map((episode) => {
        const current = episode.id === currentId;
        const state = stateOf(episode, vip);
        return (
          <li key={episode.id}>
            <button
              type="button"
              className={`episode-grid__tile episode-grid__tile--${state}`}
              onClick={() => onSelect(episode)}
              aria-current={current ? 'true' : undefined}
              aria-label={t(LABELS[state], { number: episode.number, price: episode.price })}
              data-testid={`episode-tile-${episode.number}`}
              data-locked={episode.locked ? 'true' : 'false'}
              data-state={state}
            >
              <span className="episode-grid__number">{episode.number}</span>
              {state === 'locked' && (
                <span className="episode-grid__mark">
                  <LockIcon size={11} />
                  {episode.price}
                </span>
              )}
              {state === 'free' && <span className="episode-grid__mark">{t('video.episodeFree')}</span>}
              {state === 'vip' && (
                <span className="episode-grid__mark episode-grid__mark--vip">{t('video.episodeVip')}</span>
              )}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
