import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import './bottom-sheet.css';

export interface BottomSheetProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}

/** A dark panel that slides up over the player (comments, episodes, player settings). Escape closes it. */
export function BottomSheet({ open, title, onClose, children, testId }: BottomSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <div className="video-sheet-backdrop" onClick={onClose}>
      <div
        ref={panelRef}
        className="video-sheet video-sheet--dark"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
        onPointerDown={(event) => event.stopPropagation()}
        onPointerUp={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="video-sheet__head">
          <h2 id={titleId} className="video-sheet__title">
            {title}
          </h2>
          <button type="button" className="video-sheet__close" onClick={onClose} data-testid={`${testId}-close`}>
            {t('common.close')}
          </button>
        </div>
        <div className="video-sheet__body">{children}</div>
      </div>
    </div>
  );
}
