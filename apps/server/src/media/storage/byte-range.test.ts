import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UNSATISFIABLE, parseByteRange, sliceStream } from './byte-range.js';

describe('parseByteRange', () => {
  it('reads single ranges, open-ended and suffix ranges', () => {
    expect(parseByteRange('bytes=0-2', 10)).toEqual({ start: 0, end: 2 });
    expect(parseByteRange('bytes=4-', 10)).toEqual({ start: 4, end: 9 });
    expect(parseByteRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseByteRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
  });
  it('answers null (serve everything) for what it does not honour', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=5-2',
      'bytes=-0',
      'bytes=0-1,3-4',
      'items=0-1',
      'bytes=a-b',
    ]) {
      expect(parseByteRange(header, 10), String(header)).toBeNull();
    }
    expect(parseByteRange('bytes=0-1', 0)).toBeNull();
  });

  it('answers UNSATISFIABLE for a range starting at or past the end (416)', () => {
    for (const header of ['bytes=10-', 'bytes=10-20', 'bytes=999-']) {
      expect(parseByteRange(header, 10), header).toBe(UNSATISFIABLE);
    }
  });
});

describe('sliceStream', () => {
  const read = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const source = () => Readable.from([Buffer.from('abc'), Buffer.from('defg'), Buffer.from('hij')]);
  it('yields exactly the range across chunk boundaries', async () => {
    expect(await read(sliceStream(source(), { start: 2, end: 7 }))).toBe('cdefgh');
    expect(await read(sliceStream(source(), { start: 0, end: 0 }))).toBe('a');
    expect(await read(sliceStream(source(), { start: 9, end: 9 }))).toBe('j');
    expect(await read(sliceStream(source(), { start: 3, end: 6 }))).toBe('defg');
  });
});
