import { useCallback, useEffect, useRef, useState } from 'react';
import { HeartIcon } from '../../../components/ui/icons';
import type { TapPoint } from '../hooks/use-tap-gesture';
import './tap-hearts.css';

/** How long a heart stays (its animation's length; with reduced motion it only shows and goes). */
const HEART_MS = 800;

interface Heart extends TapPoint {
  id: number;
}

/** The hearts a double tap leaves where it landed, and the function that adds one. */
export function useTapHearts(): { hearts: readonly Heart[]; addHeart: (point: TapPoint) => void } {
  const [hearts, setHearts] = useState<Heart[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const addHeart = useCallback((point: TapPoint) => {
    const id = (nextId.current += 1);
    setHearts((current) => [...current, { ...point, id }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setHearts((current) => current.filter((heart) => heart.id !== id));
    }, HEART_MS);
    timers.current.add(timer);
  }, []);
  return { hearts, addHeart };
}

/** Decoration only: the like itself is announced by the like button's pressed state. */
export function TapHearts({ hearts }: { hearts: readonly Heart[] }) {
  return hearts.map((heart) => (
    <span
      key={heart.id}
      className="tap-heart"
      style={{ left: heart.x, top: heart.y }}
      aria-hidden="true"
      data-testid="video-tap-heart"
    >
      <HeartIcon size={80} filled />
    </span>
  ));
}
