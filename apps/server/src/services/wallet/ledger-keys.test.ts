import { describe, expect, it } from 'vitest';
import { ledgerKeys } from './ledger-keys.js';

/**
 * Entries already stored carry these exact strings: a changed format would let the same event
 * pay again. A failure here means a format changed; add a new builder instead.
 */
describe('ledger keys', () => {
  it('keep the formats stored entries carry', () => {
    expect(ledgerKeys.checkin('2026-11-24')).toBe('checkin:2026-11-24');
    expect(ledgerKeys.taskClaim('watch_video', '2026-11-24', 3)).toBe('task:watch_video:2026-11-24:3');
    expect(ledgerKeys.adReward('ab12')).toBe('ad:ab12');
    expect(ledgerKeys.inviteeWelcome()).toBe('invite:welcome');
    expect(ledgerKeys.unlockClient('c-1')).toBe('unlock:client:c-1');
    expect(ledgerKeys.unlockEpisode(42)).toBe('unlock:episode:42');
    expect(ledgerKeys.lotExpiry(7)).toBe('expiry:lot:7');
    expect(ledgerKeys.giveaway('promo-1')).toBe('cli:giveaway:promo-1');
    expect(ledgerKeys.orderCredit('ord_1')).toBe('order:ord_1');
    expect(ledgerKeys.stripePayment('in_1')).toBe('stripe:in_1');
    expect(ledgerKeys.applePayment('2000')).toBe('apple:2000');
    expect(ledgerKeys.appleSubscription('1000')).toBe('apple:1000');
    expect(ledgerKeys.vipPayment('stripe:in_1')).toBe('vip:stripe:in_1');
    expect(ledgerKeys.vipReversal('apple:2000')).toBe('vip-reversal:apple:2000');
    expect(ledgerKeys.subscriptionEnd('sub_1')).toBe('subscription-end:sub_1');
    expect(ledgerKeys.stripeRefund('ch_1', 500)).toBe('stripe:refund:ch_1:500');
    expect(ledgerKeys.stripeDispute('dp_1')).toBe('stripe:dispute:dp_1');
    expect(ledgerKeys.appleRefund('2000')).toBe('apple:refund:2000');
    expect(ledgerKeys.supportCoins('k-12345678')).toBe('support:coins:k-12345678');
    expect(ledgerKeys.supportVip('k-12345678')).toBe('support:vip:k-12345678');
  });

  it('key "all remaining" by the exact set bought, in any order', () => {
    const key = ledgerKeys.unlockDrama(9, [3, 1, 2]);
    expect(key).toMatch(/^unlock:drama:9:[0-9a-f]{32}$/);
    expect(ledgerKeys.unlockDrama(9, [1, 2, 3])).toBe(key);
    // The first 32 hex digits of SHA-256("1,2,3"): what entries stored before carry.
    expect(key).toBe('unlock:drama:9:8a6ae15122001229edb8866f56e342af');
    expect(ledgerKeys.unlockDrama(9, [1, 2, 3, 4])).not.toBe(key);
  });

  it('make every operator grant and unnamed giveaway a new entry', () => {
    expect(ledgerKeys.vipGrant()).toMatch(/^grant:[0-9a-f-]{36}$/);
    expect(ledgerKeys.vipGrant()).not.toBe(ledgerKeys.vipGrant());
    expect(ledgerKeys.giveaway()).not.toBe(ledgerKeys.giveaway());
  });
});
