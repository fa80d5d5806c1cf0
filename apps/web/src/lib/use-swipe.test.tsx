import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { swipeDirection, useSwipe } from './use-swipe';

function Surface({ onSwipe, onTap }: { onSwipe: (d: 'next' | 'prev') => void; onTap: () => void }) {
  const swipe = useSwipe(onSwipe);
  return (
    <div data-testid="surface" {...swipe}>
      <button type="button" data-testid="inner" onClick={onTap}>
        tap
      </button>
    </div>
  );
}

describe('swipe', () => {
  it('up is next, down is previous; short or sideways drags are none', () => {
    expect(swipeDirection(0, -120)).toBe('next');
    expect(swipeDirection(10, 90)).toBe('prev');
    expect(swipeDirection(0, -30)).toBeNull();
    expect(swipeDirection(150, -80)).toBeNull();
  });

  it('a swipe changes episode and swallows the click; a tap is a click', () => {
    const onSwipe = vi.fn();
    const onTap = vi.fn();
    render(<Surface onSwipe={onSwipe} onTap={onTap} />);
    const inner = screen.getByTestId('inner');

    fireEvent.pointerDown(inner, { pointerId: 1, clientX: 100, clientY: 500 });
    fireEvent.pointerUp(inner, { pointerId: 1, clientX: 104, clientY: 300 });
    fireEvent.click(inner);
    expect(onSwipe).toHaveBeenCalledWith('next');
    expect(onTap).not.toHaveBeenCalled();

    fireEvent.pointerDown(inner, { pointerId: 2, clientX: 100, clientY: 300 });
    fireEvent.pointerUp(inner, { pointerId: 2, clientX: 100, clientY: 480 });
    expect(onSwipe).toHaveBeenLastCalledWith('prev');

    fireEvent.pointerDown(inner, { pointerId: 3, clientX: 100, clientY: 300 });
    fireEvent.pointerUp(inner, { pointerId: 3, clientX: 102, clientY: 303 });
    fireEvent.click(inner);
    expect(onTap).toHaveBeenCalledTimes(1);
    expect(onSwipe).toHaveBeenCalledTimes(2);
  });
});
