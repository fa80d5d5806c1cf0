import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceHeld, isTextField, useHeldAdvance } from './advance-hold';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('holding the move to the next episode', () => {
  it('holds while a dialog or sheet is open or a text field has focus, not for a focused button', () => {
    expect(advanceHeld()).toBe(false);
    const sheet = document.createElement('div');
    sheet.setAttribute('role', 'dialog');
    document.body.append(sheet);
    expect(advanceHeld()).toBe(true);
    sheet.remove();

    const input = document.createElement('input');
    const button = document.createElement('button');
    document.body.append(input, button);
    input.focus();
    expect(advanceHeld()).toBe(true);
    button.focus();
    expect(advanceHeld()).toBe(false);
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(isTextField(box)).toBe(false);
    expect(isTextField(document.createElement('textarea'))).toBe(true);
  });

  it('moves at once when nothing holds it, later when the hold ends, and not at all for another episode', () => {
    vi.useFakeTimers();
    const advance = vi.fn();
    const { result, rerender } = renderHook(({ id }) => useHeldAdvance(advance, id), { initialProps: { id: 1 } });
    act(() => result.current());
    expect(advance).toHaveBeenCalledTimes(1);

    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    act(() => result.current());
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(advance).toHaveBeenCalledTimes(1);
    input.blur();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(advance).toHaveBeenCalledTimes(2);

    input.focus();
    act(() => result.current());
    rerender({ id: 2 });
    input.blur();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(advance).toHaveBeenCalledTimes(2);
  });
});
