import { ARTWORK_SIZES } from '@cliffhanger/contract/browser';
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type Key,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { BackIcon, ChevronRightIcon } from './icons';
import { WebpSource } from './webp-source';
import './carousel.css';

export interface CarouselSlide {
  key: Key;
  href: string;
  image: string;
  title: string;
}

/** Horizontal travel (px) that counts as a swipe rather than a tap. */
const SWIPE_MIN_PX = 40;
const ADVANCE_MS = 4000;

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const pageHidden = () => document.visibilityState === 'hidden';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(listener: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', listener);
  return () => query?.removeEventListener?.('change', listener);
}
const prefersReducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false;
const never = () => false;

/**
 * A banner carousel (WAI-ARIA carousel pattern). It advances by itself every ADVANCE_MS,
 * except while the pointer is over it, while it holds keyboard focus, while the tab is hidden,
 * and never for viewers who ask for reduced motion. Arrows, dots, swipes and the arrow keys move
 * it by hand; each slide links to its drama. Slides out of view are inert, so focus and screen
 * readers only meet the one on screen.
 */
export function Carousel({
  slides,
  label,
  testId = 'carousel',
}: {
  slides: readonly CarouselSlide[];
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = useSyncExternalStore(subscribeVisibility, pageHidden, never);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, never);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  const count = slides.length;
  const current = count > 0 ? index % count : 0;
  const playing = count > 1 && !hovered && !focused && !hidden && !reducedMotion;

  // A timer per slide: moving by hand starts the next interval afresh.
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [playing, current, count]);

  if (count === 0) return null;

  const go = (to: number) => setIndex(((to % count) + count) % count);
  const onPointerDown = (event: ReactPointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    swiped.current = true;
    go(dx < 0 ? current + 1 : current - 1);
  };

  return (
    <section
      className={reducedMotion ? 'ui-carousel is-still' : 'ui-carousel'}
      aria-roledescription={t('common.carousel')}
      aria-label={label}
      data-testid={testId}
      data-playing={playing}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(current - 1);
        else if (event.key === 'ArrowRight') go(current + 1);
      }}
    >
      <div
        className="ui-carousel__viewport"
        aria-live={playing ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
        // A swipe that ends on a link is not a tap on it.
        onClickCapture={(event) => {
          if (!swiped.current) return;
          swiped.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div className="ui-carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className="ui-carousel__slide"
              role="group"
              aria-roledescription={t('common.slide')}
              aria-label={t('common.slideOf', { n: i + 1, total: count })}
              aria-hidden={i !== current}
              inert={i !== current}
              data-testid={`${testId}-slide`}
              data-active={i === current}
            >
              <Link className="ui-carousel__link" to={slide.href} draggable={false}>
                <picture>
                  <WebpSource src={slide.image} sizes={ARTWORK_SIZES.banner} />
                  <img
                    className="ui-carousel__img"
                    src={slide.image}
                    alt=""
                    width={720}
                    height={315}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    // The first slide is home's largest paint: fetched ahead of the posters.
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                    decoding="async"
                    draggable={false}
                  />
                </picture>
                {/* Artwork carries no text: the caption is the title in the viewer's language, and names the link. */}
                <span className="ui-carousel__caption" data-role="slide-title">
                  {slide.title}
                </span>
              </Link>
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="ui-carousel__arrow ui-carousel__arrow--prev"
            aria-label={t('common.previousSlide')}
            onClick={() => go(current - 1)}
            data-testid={`${testId}-prev`}
          >
            <BackIcon size={20} />
          </button>
          <button
            type="button"
            className="ui-carousel__arrow ui-carousel__arrow--next"
            aria-label={t('common.nextSlide')}
            onClick={() => go(current + 1)}
            data-testid={`${testId}-next`}
          >
            <ChevronRightIcon size={20} />
          </button>
          <div className="ui-carousel__dots">
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className={i === current ? 'ui-carousel__dot is-current' : 'ui-carousel__dot'}
                aria-label={t('common.goToSlide', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                data-testid={`${testId}-dot-${i}`}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
