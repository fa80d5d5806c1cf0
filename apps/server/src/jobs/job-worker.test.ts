import { describe, expect, it } from 'vitest';
import { cronEvery } from './job-worker.js';

describe('cronEvery', () => {
  it('schedules by whole minutes, at least one, then by hours', () => {
    expect(cronEvery(10)).toBe('*/1 * * * *');
    expect(cronEvery(300)).toBe('*/5 * * * *');
    expect(cronEvery(59 * 60)).toBe('*/59 * * * *');
    expect(cronEvery(3600)).toBe('0 */1 * * *');
    expect(cronEvery(6 * 3600)).toBe('0 */6 * * *');
    expect(cronEvery(86_400)).toBe('0 */23 * * *');
  });
});
