import { ARTWORK_SIZES } from '@cliffhanger/contract/browser';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../lib/i18n';
import { Carousel, type CarouselSlide } from './carousel';

const SLIDES: CarouselSlide[] = [
  { key: 1, href: '/d/1', image: '/b1.jpg', title: 'One' },
  { key: 2, href: '/d/2', image: '/b2.jpg', title: 'Two' },
  { key: 3, href: '/d/3', image: '/b3.jpg', title: 'Three' },
];

function renderCarousel(slides = SLIDES) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Carousel slides={slides} label="Featured dramas" /> },
      { path: '*', element: <p data-testid="where">moved</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const active = () =>
  screen.getAllByTestId('carousel-slide').findIndex((slide) => slide.getAttribute('data-active') === 'true');
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function setReducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('Carousel artwork', () => {
  it('offers the WebP copies of a banner named by the artwork rule, sized to the width', () => {
    renderCarousel([{ key: 1, href: '/d/1', image: '/media/banners/a-1a2b3c4d-1280w.jpg', title: 'One' }]);
    const source = document.querySelector('.ui-carousel__link picture > source');
    expect(source).toHaveAttribute(
      'srcset',
      '/media/banners/a-1a2b3c4d-640w.webp 640w, /media/banners/a-1a2b3c4d-1280w.webp 1280w',
    );
    expect(source).toHaveAttribute('sizes', ARTWORK_SIZES.banner);
    expect(document.querySelector('.ui-carousel__link picture > img')).toHaveAttribute('fetchpriority', 'high');
  });
});

describe('Carousel', () => {
  it('is a named carousel whose slides link to their dramas; only the current one is reachable', () => {
    renderCarousel();
    expect(screen.getByRole('region', { name: 'Featured dramas' })).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = screen.getAllByTestId('carousel-slide');
    expect(slides[0]).toHaveAttribute('aria-label', '1 of 3');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
    expect(slides[1]).toHaveAttribute('inert');
    expect(screen.getByRole('link', { name: 'One' })).toHaveAttribute('href', '/d/1');
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).toBeInTheDocument();
  });

  it('advances every 4 s and wraps around', () => {
    renderCarousel();
    expect(active()).toBe(0);
    wait(3900);
    expect(active()).toBe(0);
    wait(100);
    expect(active()).toBe(1);
    wait(4000);
    wait(4000);
    expect(active()).toBe(0);
  });

  it('pauses while hovered or focused, and while the tab is hidden', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Featured dramas' });
    fireEvent.mouseEnter(region);
    wait(10_000);
    expect(active()).toBe(0);
    fireEvent.mouseLeave(region);
    wait(4000);
    expect(active()).toBe(1);

    act(() => screen.getByTestId('carousel-next').focus());
    expect(active()).toBe(1);
    wait(10_000);
    expect(active()).toBe(1);
    act(() => screen.getByTestId('carousel-next').blur());

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    wait(10_000);
    expect(active()).toBe(1);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    wait(4000);
    expect(active()).toBe(2);
  });

  it('never moves by itself for viewers who prefer reduced motion', () => {
    setReducedMotion(true);
    renderCarousel();
    wait(20_000);
    expect(active()).toBe(0);
    expect(screen.getByTestId('carousel')).toHaveAttribute('data-playing', 'false');
  });

  it('moves by arrows, dots, arrow keys and swipes; a swipe is not a tap on the link', () => {
    const router = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(active()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(active()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(active()).toBe(1);
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(screen.getByTestId('carousel'), { key: 'ArrowRight' });
    expect(active()).toBe(2);
    fireEvent.keyDown(screen.getByTestId('carousel'), { key: 'ArrowLeft' });
    expect(active()).toBe(1);

    const link = screen.getByRole('link', { name: 'Two' });
    fireEvent.pointerDown(link, { clientX: 300, clientY: 50 });
    fireEvent.pointerUp(link, { clientX: 200, clientY: 55 });
    fireEvent.click(link);
    expect(active()).toBe(2);
    expect(router.state.location.pathname).toBe('/');
    const third = screen.getByRole('link', { name: 'Three' });
    fireEvent.pointerDown(third, { clientX: 100, clientY: 50 });
    fireEvent.pointerUp(third, { clientX: 220, clientY: 50 });
    expect(active()).toBe(1);
  });

  it('draws no controls and never moves with a single slide', () => {
    renderCarousel(SLIDES.slice(0, 1));
    expect(screen.queryByRole('button')).toBeNull();
    wait(10_000);
    expect(active()).toBe(0);
  });
});
