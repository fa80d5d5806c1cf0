import type { Playback } from '@cliffhanger/contract/browser';
import { useCallback, useEffect, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { videoHref } from '../../../lib/paths';
import { withParam } from '../../../lib/search-params';
import { useSession } from '../../../lib/session';
import { useContentLanguage } from '../../../lib/use-content-language';
import { useSwipe } from '../../../lib/use-swipe';
import { useTranslation } from '../../../lib/use-translation';
import { useViewport } from '../../../lib/viewport';
import { useForYou } from '../api/get-for-you';
import { useOpenings } from '../api/play-opening';
import { feedItems, positionFrom, stepTo, wantsMore } from '../feed-items';
import './for-you-page.css';

/** What the feed needs of a player: the opening to play, the next one to preload, and its two events. */
export interface OpeningStageProps {
  playback: Playback;
  next: Playback | null;
  onEnded: () => void;
  onRetry: () => void;
}

/**
 * For You (docs/recommendations.md#the-feed): one drama's opening per screen, full height on black.
 * Swipe up (or ArrowDown, or the next button) for the next drama, down for the previous; an
 * opening that ends moves on by itself. "Watch the series" opens the drama at that episode. The
 * player comes from the caller (the app wires the video page's stage), as a feature imports no
 * other feature.
 */
export function ForYouPage({ Stage }: { Stage: ComponentType<OpeningStageProps> }) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const { isMobile } = useViewport();
  const lang = useContentLanguage();
  const feed = useForYou(signedIn);
  const items = feedItems(feed.data?.pages);
  // The position lives in the address (`at`), so Back from a drama returns to the same one.
  const [params, setParams] = useSearchParams();
  const index = Math.min(positionFrom(params.get('at')), Math.max(0, items.length - 1));
  const current = items[index] ?? null;
  const next = items[index + 1] ?? null;
  const { playing, upcoming } = useOpenings(current?.episode_id ?? null, next?.episode_id ?? null, lang);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && wantsMore(index, items.length)) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, index, items.length]);

  const count = items.length;
  const go = useCallback(
    (direction: 'next' | 'prev') =>
      setParams((current) => withParam(current, 'at', String(stepTo(index, direction, count))), { replace: true }),
    [setParams, index, count],
  );
  const swipe = useSwipe(go);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown') go('next');
      else if (event.key === 'ArrowUp') go('prev');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const stage = () => {
    if (feed.isError)
      return <LoadError error={feed.error} onRetry={() => void feed.refetch()} testId="for-you-error" />;
    if (feed.isPending) return <Loading />;
    if (!current)
      return (
        <p className="for-you__empty" data-testid="for-you-empty">
          {t('forYou.empty')}
        </p>
      );
    if (playing.isError)
      return <LoadError error={playing.error} onRetry={() => void playing.refetch()} testId="for-you-error" />;
    if (!playing.data) return <Loading />;
    return (
      <Stage
        key={current.drama.id}
        playback={playing.data}
        next={upcoming}
        onEnded={() => go('next')}
        onRetry={() => void playing.refetch()}
      />
    );
  };

  return (
    <div className="for-you" data-testid="for-you" data-index={index}>
      <h1 className="visually-hidden">{t('forYou.title')}</h1>
      <header className="for-you__top">
        <BackButton className="ui-back for-you__back" />
        <p className="for-you__label">{t('forYou.title')}</p>
      </header>

      <div className="for-you__stage" role="region" aria-label={t('forYou.player')} {...swipe}>
        {stage()}
      </div>

      {current && (
        <div className="for-you__info" data-testid="for-you-item" data-drama-id={current.drama.id}>
          <p className="for-you__reason">{t(current.reason === 'similar' ? 'forYou.similar' : 'forYou.trending')}</p>
          <p className="for-you__title" data-testid="for-you-title">
            {current.drama.title}
          </p>
          <Link
            className={buttonClassName('primary', false, false, 'for-you__watch')}
            to={videoHref(isMobile, current.drama.id, current.episode_id)}
            data-testid="for-you-watch"
          >
            {t('forYou.watchSeries')}
          </Link>
        </div>
      )}

      {items.length > 0 && (
        <div className="for-you__steps">
          <Button
            variant="secondary"
            small
            onClick={() => go('prev')}
            disabled={index === 0}
            aria-label={t('forYou.previous')}
            data-testid="for-you-prev"
          >
            <span className="for-you__arrow for-you__arrow--up">
              <ChevronRightIcon size={20} />
            </span>
          </Button>
          <Button
            variant="secondary"
            small
            onClick={() => go('next')}
            disabled={index >= items.length - 1}
            aria-label={t('forYou.next')}
            data-testid="for-you-next"
          >
            <span className="for-you__arrow for-you__arrow--down">
              <ChevronRightIcon size={20} />
            </span>
          </Button>
        </div>
      )}
    </div>
  );
}
