import { describe, expect, it } from 'vitest';
import { sectionsAskedFor } from './sections.js';

describe('the sections npm run bench is asked for', () => {
  it('none means every section, in order', () => {
    expect(sectionsAskedFor([])).toEqual(['reads', 'writes']);
  });

  it('named sections run in the bench’s own order', () => {
    expect(sectionsAskedFor(['writes'])).toEqual(['writes']);
    expect(sectionsAskedFor(['writes', 'reads'])).toEqual(['reads', 'writes']);
  });

  it('a name that is no section is refused, naming it and the sections there are', () => {
    expect(() => sectionsAskedFor(['read'])).toThrow('unknown bench section "read": choose from reads, writes');
    expect(() => sectionsAskedFor(['reads', '--fast'])).toThrow('"--fast"');
  });
});
