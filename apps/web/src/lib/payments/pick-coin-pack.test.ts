import { describe, expect, it } from 'vitest';
import { testCoinPacks } from '../../test/fixtures';
import { packCoins, packCovering } from './pick-coin-pack';

const ids = (shortfall: number, packs = testCoinPacks()) => packCovering(packs, shortfall)?.id ?? null;

describe('packCovering: the pack the unlock dialog suggests', () => {
  it('counts the bonus as coins', () => {
    expect(packCoins({ coins: 500, bonus_coins: 50 })).toBe(550);
  });

  it('picks the smallest pack whose coins plus bonus cover the shortfall', () => {
    expect(ids(1)).toBe('coins_100');
    expect(ids(100)).toBe('coins_100');
    expect(ids(101)).toBe('coins_500');
    // 550 with the bonus: exactly enough.
    expect(ids(550)).toBe('coins_500');
    expect(ids(551)).toBe('coins_1000');
  });

  it('does not depend on the order the server lists the packs in', () => {
    expect(ids(120, [...testCoinPacks()].reverse())).toBe('coins_500');
  });

  it('falls back to the largest pack when none covers the shortfall', () => {
    expect(ids(5000)).toBe('coins_1000');
  });

  it('prefers the cheaper of two equally large packs', () => {
    const [small, , large] = testCoinPacks();
    const dearer = { ...large!, id: 'coins_1000_dear', price_cents: 1299 };
    expect(ids(600, [dearer, small!, large!])).toBe('coins_1000');
    expect(ids(99_999, [dearer, large!])).toBe('coins_1000');
  });

  it('has nothing to suggest without packs', () => {
    expect(ids(10, [])).toBeNull();
  });
});
