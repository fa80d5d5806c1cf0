import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOUBLE_TAP_MS, useTapGesture, type TapPoint } from './use-tap-gesture';

function Surface({ onSingle, onDouble }: { onSingle: () => void; onDouble: (point: TapPoint) => void }) {
  const onClick = useTapGesture({ onSingle, onDouble });
  return <div data-testid="surface" onClick={onClick} />;
}

/** A pointer's click (`detail` ≥ 1) at a place. */
const tap = (x = 100, y = 200) => fireEvent.click(screen.getByTestId('surface'), { detail: 1, clientX: x, clientY: y });
const wait = (ms: number): void => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

describe('useTapGesture', () => {
  const onSingle = vi.fn();
  const onDouble = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    onSingle.mockReset();
    onDouble.mockReset();
    render(<Surface onSingle={onSingle} onDouble={onDouble} />);
  });
  afterEach(() => vi.useRealTimers());

  it('acts on a single tap once no second tap came in time', () => {
    tap();
    wait(DOUBLE_TAP_MS - 1);
    expect(onSingle).not.toHaveBeenCalled();
    wait(1);
    expect(onSingle).toHaveBeenCalledTimes(1);
    expect(onDouble).not.toHaveBeenCalled();
  });

  it('takes two quick taps in one place as a double tap, at its point, and no single tap', () => {
    tap(100, 200);
    wait(DOUBLE_TAP_MS - 50);
    tap(110, 205);
    expect(onDouble).toHaveBeenCalledWith({ x: 110, y: 205 });
    wait(DOUBLE_TAP_MS * 4);
    expect(onSingle).not.toHaveBeenCalled();
  });

  it('takes a quick tap after a double tap as another double tap', () => {
    tap();
    wait(100);
    tap();
    wait(100);
    tap();
    expect(onDouble).toHaveBeenCalledTimes(2);
    wait(DOUBLE_TAP_MS * 4);
    expect(onSingle).not.toHaveBeenCalled();
  });

  it('takes two slow taps, or two far apart, as two single taps', () => {
    tap();
    wait(DOUBLE_TAP_MS + 100);
    tap();
    wait(DOUBLE_TAP_MS);
    expect(onSingle).toHaveBeenCalledTimes(2);

    wait(1000);
    tap(20, 20);
    wait(100);
    tap(300, 600);
    wait(DOUBLE_TAP_MS);
    expect(onSingle).toHaveBeenCalledTimes(3);
    expect(onDouble).not.toHaveBeenCalled();
  });

  it('acts at once on a click without a pointer (keyboard, assistive technology)', () => {
    fireEvent.click(screen.getByTestId('surface'), { detail: 0 });
    expect(onSingle).toHaveBeenCalledTimes(1);
  });
});
