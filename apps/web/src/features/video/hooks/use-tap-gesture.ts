import { useCallback, useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';

/** A second tap within this long of the first makes a double tap; a single tap waits this long. */
export const DOUBLE_TAP_MS = 250;
/** ... and this close to it (a finger's width): two taps far apart are two single taps. */
const DOUBLE_TAP_SLOP_PX = 40;

export interface TapPoint {
  /** From the tapped element's top left corner, in CSS pixels. */
  x: number;
  y: number;
}

interface LastTap extends TapPoint {
  at: number;
}

/**
 * One click handler that tells a single tap from a double tap. A single tap acts DOUBLE_TAP_MS
 * after it, once no second tap came; a double tap acts at once, and a quick tap after it is
 * another double tap (a burst of hearts). A click without a pointer (`detail` 0: Enter or Space
 * on the element, or assistive technology) is never half of a double tap, so it acts at once.
 */
export function useTapGesture({
  onSingle,
  onDouble,
}: {
  onSingle: () => void;
  onDouble: (point: TapPoint) => void;
}): (event: MouseEvent<HTMLElement>) => void {
  const last = useRef<LastTap | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handlers = useRef({ onSingle, onDouble });
  useLayoutEffect(() => {
    handlers.current = { onSingle, onDouble };
  });

  const cancel = () => {
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = null;
  };
  useEffect(() => cancel, []);

  return useCallback((event: MouseEvent<HTMLElement>) => {
    if (event.detail === 0) {
      handlers.current.onSingle();
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    const tap: LastTap = { x: event.clientX - rect.left, y: event.clientY - rect.top, at: Date.now() };
    const previous = last.current;
    last.current = tap;
    const double =
      previous !== null &&
      tap.at - previous.at <= DOUBLE_TAP_MS &&
      Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP_SLOP_PX;
    cancel();
    if (double) {
      handlers.current.onDouble({ x: tap.x, y: tap.y });
      return;
    }
    pending.current = setTimeout(() => {
      pending.current = null;
      handlers.current.onSingle();
    }, DOUBLE_TAP_MS);
  }, []);
}
