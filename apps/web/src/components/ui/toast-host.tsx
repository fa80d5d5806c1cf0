import { toastStore } from '../../lib/toast';
import { useStore } from '../../lib/use-store';
import './toast.css';

/** Renders the current toast. The live region stays mounted so screen readers hear each message. */
export function ToastHost() {
  const toast = useStore(toastStore);
  return (
    <div className="ui-toast-region" aria-live="polite">
      {toast && (
        <div key={toast.id} role="status" className="ui-toast" data-testid="toast">
          {toast.text}
        </div>
      )}
    </div>
  );
}
