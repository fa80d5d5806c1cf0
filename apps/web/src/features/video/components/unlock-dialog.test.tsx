import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { PREFERENCE_KEYS } from '../player/preferences';
import { UnlockDialog, type UnlockOffer } from './unlock-dialog';

const offer = (overrides: Partial<UnlockOffer> = {}): UnlockOffer => ({
  episodeNumber: 3,
  prices: { episode: 30, all: 50, locked_count: 2 },
  coin: 120,
  signedIn: true,
  ...overrides,
});

describe('unlock dialog', () => {
  it('shows the episode, both prices, the balance and calls back with the choice', () => {
    const onUnlock = vi.fn();
    renderPage(<UnlockDialog open offer={offer()} onUnlock={onUnlock} onClose={() => undefined} />);
    const dialog = screen.getByTestId('unlock-dialog');
    expect(dialog).toHaveTextContent('Episode 3 is locked');
    expect(screen.getByTestId('unlock-price-episode')).toHaveTextContent('Unlock this episode: 30 coins');
    expect(screen.getByTestId('unlock-price-all')).toHaveTextContent('Unlock all remaining (2 episodes): 50 coins');
    expect(screen.getByTestId('unlock-balance')).toHaveTextContent('Your balance: 120 coins');

    fireEvent.click(screen.getByTestId('unlock-episode'));
    fireEvent.click(screen.getByTestId('unlock-all'));
    expect(onUnlock.mock.calls).toEqual([['episode'], ['all']]);
  });

  it('has the auto-unlock switch off by default and remembers it', () => {
    renderPage(<UnlockDialog open offer={offer()} onUnlock={() => undefined} onClose={() => undefined} />);
    const toggle = screen.getByRole('switch', { name: 'Auto-unlock next episode' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(localStorage.getItem(PREFERENCE_KEYS.autoUnlock)).toBe('true');
  });

  it('offers no "all" when only this episode is locked', () => {
    renderPage(
      <UnlockDialog
        open
        offer={offer({ prices: { episode: 30, all: 30, locked_count: 1 } })}
        onUnlock={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByTestId('unlock-all')).toBeNull();
    expect(screen.getByTestId('unlock-episode')).toBeInTheDocument();
  });

  it('gives a visitor the prices and a sign-in button that comes back here', () => {
    renderPage(
      <UnlockDialog open offer={offer({ signedIn: false, coin: 0 })} onUnlock={() => undefined} onClose={() => undefined} />,
      '/pages/video/index?drama_id=7&episode_id=103',
    );
    expect(screen.getByTestId('unlock-price-episode')).toHaveTextContent('30 coins');
    expect(screen.queryByTestId('unlock-episode')).toBeNull();
    expect(screen.queryByTestId('unlock-balance')).toBeNull();
    expect(screen.getByTestId('unlock-sign-in')).toHaveAttribute(
      'href',
      `/pages/login/index?redirect=${encodeURIComponent('/pages/video/index?drama_id=7&episode_id=103')}`,
    );
  });

  it('closes on "Not now"', () => {
    const onClose = vi.fn();
    renderPage(<UnlockDialog open offer={offer()} onUnlock={() => undefined} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('unlock-close'));
    expect(onClose).toHaveBeenCalled();
  });
});
