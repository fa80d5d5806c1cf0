import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { episode } from '../test/fixtures';
import { EpisodeGrid } from './episode-grid';

/** Episodes 1–2 free, 3 unlocked with coins, 4–5 locked at 30 coins. */
const episodes = [episode(1), episode(2), episode(3, { locked: false }), episode(4), episode(5)];

const tile = (number: number) => screen.getByTestId(`episode-tile-${number}`);

describe('episode grid', () => {
  it('marks free, locked with the price, and the current episode, for a viewer without VIP', () => {
    render(<EpisodeGrid episodes={episodes} currentId={102} vip={false} onSelect={() => undefined} />);
    expect(tile(1)).toHaveAttribute('data-state', 'free');
    expect(tile(1)).toHaveTextContent('1Free');
    expect(tile(1)).toHaveAccessibleName('Episode 1, free');
    expect(tile(2)).toHaveAttribute('aria-current', 'true');
    expect(tile(1)).not.toHaveAttribute('aria-current');
    // Unlocked with coins: only its number.
    expect(tile(3)).toHaveAttribute('data-state', 'unlocked');
    expect(tile(3)).toHaveTextContent(/^3$/);
    expect(tile(3)).toHaveAccessibleName('Episode 3');
    expect(tile(4)).toHaveAttribute('data-state', 'locked');
    expect(tile(4)).toHaveTextContent('430');
    expect(tile(4)).toHaveAccessibleName('Episode 4, locked, 30 coins');
    expect(within(tile(4)).queryByText('VIP')).toBeNull();
  });

  it("marks a VIP's paid episodes VIP and keeps free ones free", () => {
    const forVip = episodes.map((e) => ({ ...e, locked: false }));
    render(<EpisodeGrid episodes={forVip} currentId={101} vip onSelect={() => undefined} />);
    expect(tile(1)).toHaveAttribute('data-state', 'free');
    for (const number of [3, 4, 5]) {
      expect(tile(number)).toHaveAttribute('data-state', 'vip');
      expect(within(tile(number)).getByText('VIP')).toBeInTheDocument();
      expect(tile(number)).toHaveAccessibleName(`Episode ${number}, included with VIP`);
    }
  });

  it('hands the picked episode, locked or not, to onSelect', () => {
    const onSelect = vi.fn();
    render(<EpisodeGrid episodes={episodes} currentId={101} vip={false} onSelect={onSelect} />);
    fireEvent.click(tile(4));
    fireEvent.click(tile(2));
    expect(onSelect.mock.calls.map(([picked]) => (picked as { id: number }).id)).toEqual([104, 102]);
  });

  it.each([
    ['zh', '免费', '第 1 集，免费', '第 4 集，未解锁，30 金币'],
    ['tr', 'Ücretsiz', '1. Bölüm, ücretsiz', '4. Bölüm, kilitli, 30 jeton'],
  ] as const)('says it in %s', async (language, free, freeLabel, lockedLabel) => {
    onTestFinished(() => void i18n.changeLanguage('en'));
    await i18n.changeLanguage(language);
    render(<EpisodeGrid episodes={episodes} currentId={101} vip={false} onSelect={() => undefined} />);
    expect(tile(1)).toHaveTextContent(free);
    expect(tile(1)).toHaveAccessibleName(freeLabel);
    expect(tile(4)).toHaveAccessibleName(lockedLabel);
  });
});
