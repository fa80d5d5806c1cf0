import { useRef, type MouseEvent, type PointerEvent } from 'react';

/** How far (px) a vertical drag must travel to change episode (or drama, in For You), and how straight it must be. */
const SWIPE_MIN_DISTANCE = 60;

export type SwipeDirection = 'next' | 'prev' | null;

/** Up (finger moves up) goes to the next episode, down to the previous; sideways or short is none. */
export function swipeDirection(dx: number, dy: number, minDistance = SWIPE_MIN_DISTANCE): SwipeDirection {
  if (Math.abs(dy) < minDistance || Math.abs(dy) < Math.abs(dx) * 1.5) return null;
  return dy < 0 ? 'next' : 'prev';
}

/**
 * Pointer handlers for a vertical swipe. A drag that becomes a swipe swallows the click that
 * follows it, so a swipe never also toggles pause.
 */
export function useSwipe(onSwipe: (direction: 'next' | 'prev') => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swallowClick = useRef(false);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
      swallowClick.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
      if (!direction) return;
      swallowClick.current = true;
      onSwipe(direction);
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onClickCapture: (event: MouseEvent) => {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.stopPropagation();
      event.preventDefault();
    },
  };
}
