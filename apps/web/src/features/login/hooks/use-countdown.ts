import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt`; ticks once a second while running. */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setEndsAt(null);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((length: number) => {
    setSeconds(length);
    setEndsAt(Date.now() + length * 1000);
  }, []);

  return { seconds, start };
}
