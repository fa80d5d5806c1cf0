import { useEffect, useState } from 'react';

/**
 * Whole seconds until a house ad may be skipped: starts at `seconds` and falls by one each second
 * once `running`; 0 means the skip button is live. A new `resetKey` (another ad) starts over.
 */
export function useSkipCountdown(seconds: number, running: boolean, resetKey: unknown): number {
  const [state, setState] = useState({ key: resetKey, left: seconds });
  const left = state.key === resetKey ? state.left : seconds;
  if (state.key !== resetKey) setState({ key: resetKey, left: seconds });

  useEffect(() => {
    if (!running || left <= 0) return;
    const timer = setTimeout(() => setState({ key: resetKey, left: left - 1 }), 1000);
    return () => clearTimeout(timer);
  }, [running, left, resetKey]);

  return Math.max(0, left);
}
