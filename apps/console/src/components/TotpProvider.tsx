import { useCallback, useRef, useState, type ReactNode } from 'react';
import { TotpContext } from './fresh-totp';
import { TotpPrompt } from './TotpPrompt';

/** Holds the one fresh-TOTP prompt of the app; pages open it through useFreshTotp(). */
export function TotpProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const pending = useRef<((code: string | null) => void) | null>(null);

  const askTotp = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        // A second ask while one is open takes the prompt over; the first is told "cancelled".
        pending.current?.(null);
        pending.current = resolve;
        setAsking(true);
      }),
    [],
  );

  const done = (code: string | null) => {
    pending.current?.(code);
    pending.current = null;
    setAsking(false);
  };

  return (
    <TotpContext value={askTotp}>
      {children}
      {asking && <TotpPrompt onDone={done} />}
    </TotpContext>
  );
}
