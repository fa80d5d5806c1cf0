import { describe, expect, it } from 'vitest';
import { sectionsAskedFor } from './sections.js';

describe('the sections npm run bench is asked for', () => {
  it('none means every section, in order', () => {
    expect(sectionsAskedFor([])).toEqual(['reads', 'writes', 'console', 'uploads', 'reports', 'media', 'scale']);
  });

  it('named sections run in the bench’s own order', () => {
    expect(sectionsAskedFor(['writes'])).toEqual(['writes']);
    expect(sectionsAskedFor(['writes', 'reads'])).toEqual(['reads', 'writes']);
    expect(sectionsAskedFor(['console', 'reads'])).toEqual(['reads', 'console']);
    expect(sectionsAskedFor(['scale', 'media'])).toEqual(['media', 'scale']);
  });

  it('a name that is no section is refused, naming it and the sections there are', () => {
    expect(() => sectionsAskedFor(['read'])).toThrow(
      'unknown bench section "read": choose from reads, writes, console, uploads, reports, media, scale',
    );
    expect(() => sectionsAskedFor(['reads', '--fast'])).toThrow('"--fast"');
  });
});
