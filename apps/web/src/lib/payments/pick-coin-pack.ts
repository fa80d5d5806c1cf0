import type { CoinPack } from '@cliffhanger/contract/browser';

/** Everything a pack puts in the wallet. */
export const packCoins = (pack: Pick<CoinPack, 'coins' | 'bonus_coins'>): number => pack.coins + pack.bonus_coins;

/**
 * The pack to suggest when a viewer is `shortfall` coins short (the Code.INSUFFICIENT_COINS answer): the
 * smallest one that covers it on its own, so one purchase is enough and nobody is steered to a bigger pack
 * than they need. When none covers it, the largest, which gets closest. Equal coins go to the cheaper pack.
 * Null when there are no packs.
 */
export function packCovering<P extends CoinPack>(packs: readonly P[], shortfall: number): P | null {
  const ascending = [...packs].sort((a, b) => packCoins(a) - packCoins(b) || a.price_cents - b.price_cents);
  const covering = ascending.find((pack) => packCoins(pack) >= shortfall);
  if (covering) return covering;
  const largest = ascending.at(-1);
  if (!largest) return null;
  // Of several equally large packs, the cheapest.
  return ascending.find((pack) => packCoins(pack) === packCoins(largest)) ?? largest;
}
