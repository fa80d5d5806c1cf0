import type { DramaDetail } from '@cliffhanger/contract/browser';
import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { DramaFacts } from '../../../components/ui/drama-facts';
import { BackIcon, PlayIcon, StarIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { LoadError } from '../../../components/ui/load-error';
import { PosterImage } from '../../../components/ui/poster-image';
import { useCloseDramaSheet } from '../../../lib/drama-sheet';
import { videoHref } from '../../../lib/paths';
import { useRequireLogin } from '../../../lib/require-login';
import { useContentLanguage } from '../../../lib/use-content-language';
import { useTranslation } from '../../../lib/use-translation';
import { useViewport } from '../../../lib/viewport';
import { useDramaPage } from '../api/get-drama-page';
import { useToggleCollect } from '../api/toggle-collect';
import { DramaEpisodeList } from './drama-episode-list';
import './drama-sheet.css';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab stay inside the sheet, as in any modal. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>, panel: HTMLElement | null): void {
  if (event.key !== 'Tab' || !panel) return;
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Where Play starts: the episode the viewer left off (the player resumes its position), else the first. */
function playTarget(drama: DramaDetail): { episodeId: number; resumeNumber: number | null } | null {
  const resumed = drama.progress && drama.episodes.find((episode) => episode.id === drama.progress?.episode_id);
  if (resumed) return { episodeId: resumed.id, resumeNumber: resumed.number };
  const first = drama.episodes[0];
  return first ? { episodeId: first.id, resumeNumber: null } : null;
}

function DramaBody({
  drama,
  titleId,
  titleRef,
}: {
  drama: DramaDetail;
  titleId: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const requireLogin = useRequireLogin();
  const collect = useToggleCollect();
  const target = playTarget(drama);
  return (
    <>
      <div className="drama-sheet__hero">
        <img className="drama-sheet__banner" src={drama.banner} alt="" />
        <div className="drama-sheet__headline">
          <PosterImage src={drama.poster} className="drama-sheet__poster" sizes="96px" />
          <h2 id={titleId} ref={titleRef} className="drama-sheet__title" tabIndex={-1} data-testid="drama-title">
            {drama.title}
          </h2>
        </div>
      </div>

      <div className="drama-sheet__actions">
        {target && (
          <Link
            className={buttonClassName('primary', false, false, 'drama-sheet__play')}
            to={videoHref(isMobile, drama.id, target.episodeId)}
            data-testid="drama-play"
            data-episode-id={target.episodeId}
          >
            <PlayIcon size={18} aria-hidden="true" />
            {target.resumeNumber === null ? t('drama.play') : t('drama.continue', { number: target.resumeNumber })}
          </Link>
        )}
        <button
          type="button"
          className={buttonClassName('secondary', false, false, 'drama-sheet__collect')}
          aria-pressed={drama.favorited}
          onClick={() => {
            if (requireLogin()) collect.mutate({ dramaId: drama.id, collect: !drama.favorited });
          }}
          data-testid="drama-collect"
        >
          <StarIcon size={18} filled={drama.favorited} aria-hidden="true" />
          {drama.favorited ? t('drama.uncollect') : t('drama.collect')}
        </button>
      </div>

      <p className="drama-sheet__synopsis" data-testid="drama-synopsis">
        {drama.synopsis}
      </p>

      <section className="drama-sheet__section" aria-label={t('drama.facts')}>
        <DramaFacts drama={drama} />
      </section>

      <section className="drama-sheet__section" aria-labelledby={`${titleId}-episodes`}>
        <h3 id={`${titleId}-episodes`} className="drama-sheet__heading">
          {t('drama.episodeList', { total: drama.episodes.length })}
        </h3>
        <DramaEpisodeList dramaId={drama.id} episodes={drama.episodes} vip={drama.viewer.vip} />
      </section>
    </>
  );
}

/**
 * A drama's own page as a full-screen sheet over the page the viewer is on (docs/product.md#drama-page):
 * a modal dialog whose heading takes focus when the drama arrives; Escape, the close button and the
 * browser's Back close it (the sheet is a history entry), and focus goes back to the poster that opened it.
 */
export function DramaSheet({ dramaId }: { dramaId: number }) {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const close = useCloseDramaSheet();
  const query = useDramaPage(dramaId, lang);
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const drama = query.data;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const { overflow } = document.body.style;
    // The page below keeps its scroll position but does not scroll under the sheet.
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const hasDrama = drama !== undefined;
  useEffect(() => {
    if (hasDrama) titleRef.current?.focus();
  }, [hasDrama, dramaId]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    keepFocusInside(event, panelRef.current);
  };

  return createPortal(
    <div
      ref={panelRef}
      className="drama-sheet"
      role="dialog"
      aria-modal="true"
      {...(drama ? { 'aria-labelledby': titleId } : { 'aria-label': t('drama.facts') })}
      aria-busy={query.isPending}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="drama-sheet"
      data-drama-id={dramaId}
    >
      <div className="drama-sheet__bar">
        <button
          type="button"
          className="drama-sheet__close"
          onClick={close}
          aria-label={t('common.close')}
          data-testid="drama-close"
        >
          <BackIcon />
        </button>
      </div>
      <div className="drama-sheet__body">
        {drama ? (
          <DramaBody drama={drama} titleId={titleId} titleRef={titleRef} />
        ) : query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} testId="drama-error" />
        ) : (
          <Loading />
        )}
      </div>
    </div>,
    document.body,
  );
}
