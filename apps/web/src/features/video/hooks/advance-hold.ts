import { useCallback, useEffect, useRef } from 'react';

/** A field the viewer types into: moving on would take the page (and the draft's episode) away. */
export function isTextField(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable || element.tagName === 'TEXTAREA' || element.tagName === 'SELECT') return true;
  if (element.tagName !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'image', 'color', 'file'].includes(type);
}

/**
 * Whether the end of an episode must not move on by itself now: a sheet or dialog is open
 * (comments, episodes, settings, the unlock dialog) or the viewer is typing. They are in the
 * middle of something, and the next episode may be locked and bring its own dialog.
 */
export function advanceHeld(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"]') !== null || isTextField(doc.activeElement);
}

/** How often a held move is looked at again; closing a sheet is not an event the page hears. */
const RECHECK_MS = 400;

/**
 * The end-of-episode move, held while `advanceHeld()`: it happens once the sheet is closed and
 * the field left, never in the middle. A move the viewer makes, or another episode, drops it.
 */
export function useHeldAdvance(advance: () => void, episodeId: number | null): () => void {
  const latest = useRef(advance);
  useEffect(() => {
    latest.current = advance;
  });
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);
  // Another episode (by any way) ends the wait for this one.
  useEffect(() => stop, [episodeId, stop]);

  return useCallback(() => {
    stop();
    if (!advanceHeld()) {
      latest.current();
      return;
    }
    timer.current = setInterval(() => {
      if (advanceHeld()) return;
      stop();
      latest.current();
    }, RECHECK_MS);
  }, [stop]);
}
