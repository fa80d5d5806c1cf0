import { useEffect, useRef } from 'react';

export interface EpisodeKeyHandlers {
  onNext: () => void;
  onPrev: () => void;
  onTogglePlay?: () => void;
}

/** Is the key press meant for a field rather than the player? */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Space on a focused button presses that button. */
const onButton = (target: EventTarget | null) => target instanceof HTMLElement && target.tagName === 'BUTTON';

/** ArrowUp / ArrowDown change episode; Space toggles pause (when given). Not while typing or in a dialog. */
export function useEpisodeKeys(handlers: EpisodeKeyHandlers, enabled = true): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.querySelector('[role="dialog"]') || typingInto(event.target)) return;
      const { onNext, onPrev, onTogglePlay } = latest.current;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        onNext();
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        onPrev();
      } else if ((event.key === ' ' || event.code === 'Space') && onTogglePlay && !onButton(event.target)) {
        event.preventDefault();
        onTogglePlay();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
