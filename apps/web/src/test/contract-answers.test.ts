import { describe, expect, it } from 'vitest';
import { contractViolation } from './contract-answers';

describe('contractViolation', () => {
  it('accepts an answer of the endpoint’s shape, with path parameters filled in', () => {
    expect(contractViolation('GET', '/ads/next', { ad: null, rewarded_today: 1, rewarded_daily_cap: 5 })).toBeNull();
    expect(contractViolation('PUT', '/episodes/7/like', { liked: true, likes: 3 })).toBeNull();
  });

  it('names the endpoint and the fields of an answer the server could not send', () => {
    const violation = contractViolation('GET', '/ads/next', { ad: null });
    expect(violation).toMatch(/^GET \/ads\/next \(GET \/ads\/next\) answered data the contract refuses: /);
    expect(violation).toContain('rewarded_today');
    expect(contractViolation('PUT', '/episodes/7/like', { liked: 'yes' })).toContain('liked');
  });

  it('leaves alone what no endpoint answers', () => {
    expect(contractViolation('GET', '/no/such/thing', { anything: true })).toBeNull();
    expect(contractViolation('DELETE', '/ads/next', {})).toBeNull();
  });
});
