import { useLayoutEffect, useRef, useState } from 'react';
import { toastStore } from '../../lib/toast';
import { useStore } from '../../lib/use-store';
import { controlBoxes, toastTop } from './toast-placement';
import './toast.css';

/**
 * Renders the current toast. The live region stays mounted so screen readers hear each message.
 * The toast is placed, before it is painted, where it covers no button, tab or field of the page
 * under it: no one place is free on every screen (the top has tabs on some, the bottom a submit
 * button or the tab bar on others). The page may change under a toast ("Signed in" is followed
 * by the page the viewer came from, whose content then loads), so it is placed again when the
 * page does.
 */
export function ToastHost() {
  const toast = useStore(toastStore);
  const ref = useRef<HTMLDivElement>(null);
  // Keyed by the toast: a new one starts where the stylesheet puts it, not where the last one went.
  const [placed, setPlaced] = useState<{ id: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!toast || !element) return;
    const id = toast.id;
    // Where the stylesheet puts it (under the bars, past the safe area) is the first place tried.
    const preferred = element.getBoundingClientRect().top;
    const place = () => {
      const rect = element.getBoundingClientRect();
      if (rect.height === 0) return;
      const top = toastTop(
        { width: rect.width, height: rect.height },
        { width: window.innerWidth, height: window.innerHeight },
        controlBoxes(document, element),
        { preferred },
      );
      setPlaced((current) => (current?.id === id && current.top === top ? current : { id, top }));
    };
    place();
    let frame = 0;
    const again = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        place();
      });
    };
    const observer = new MutationObserver(again);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', again);
    window.addEventListener('scroll', again, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', again);
      window.removeEventListener('scroll', again, true);
      cancelAnimationFrame(frame);
    };
  }, [toast]);

  return (
    <div className="ui-toast-region" aria-live="polite">
      {toast && (
        <div
          key={toast.id}
          ref={ref}
          role="status"
          className="ui-toast"
          style={placed?.id === toast.id ? { top: placed.top } : undefined}
          data-testid="toast"
        >
          {toast.text}
        </div>
      )}
    </div>
  );
}
