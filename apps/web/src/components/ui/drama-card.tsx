import type { DramaCard } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format-count';
import { PosterImage } from './poster-image';
import './drama-card.css';

/** Which count a card shows: plays on most shelves, likes where the list is sorted by likes. */
export type DramaMetric = 'hits' | 'likes';

/**
 * A drama as a poster card (home shelves, the browse list, the list tab): poster, title on at
 * most two lines, a play or like count, the episode count and how many episodes are free.
 */
export function DramaCardView({
  drama,
  href,
  metric = 'hits',
  testId = 'drama-card',
}: {
  drama: DramaCard;
  href: string;
  metric?: DramaMetric;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const count = formatCount(metric === 'likes' ? drama.likes : drama.hits, i18n.language);
  return (
    <Link className="ui-drama-card" to={href} data-testid={testId} data-drama-id={drama.id}>
      <span className="ui-drama-card__poster">
        <PosterImage src={drama.poster} />
        {drama.free_episodes > 0 && (
          <span className="ui-drama-card__free" data-role="free-hint">
            {t('common.freeEpisodes', { count: drama.free_episodes })}
          </span>
        )}
        <span className="ui-drama-card__count" data-role="drama-count">
          {metric === 'likes' ? t('common.likesCount', { value: count }) : t('common.viewsCount', { value: count })}
        </span>
      </span>
      <span className="ui-drama-card__title" data-role="drama-title">
        {drama.title}
      </span>
      <span className="ui-drama-card__meta">{t('common.episodeCount', { count: drama.episode_count })}</span>
    </Link>
  );
}

/** The card's shape while its data loads. */
export function DramaCardSkeleton() {
  return (
    <span className="ui-drama-card ui-drama-card--skeleton" aria-hidden="true" data-testid="drama-card-skeleton">
      <span className="ui-poster" />
      {/* The bones sit in the real card's title and meta boxes, so the card keeps its height
          when the data replaces the skeleton and the shelves below do not move. */}
      <span className="ui-drama-card__title">
        <span className="ui-drama-card__bone" />
      </span>
      <span className="ui-drama-card__meta">
        <span className="ui-drama-card__bone ui-drama-card__bone--short" />
      </span>
    </span>
  );
}
