import { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/** A range starting at or past the end of the body: 416 with `Content-Range: bytes *\/size`. */
export const UNSATISFIABLE = 'unsatisfiable';

/**
 * The single range of a `Range: bytes=…` header for a body of `size` bytes, null to serve the
 * whole body, or UNSATISFIABLE when the range starts past the end (RFC 9110 §15.5.17: 416, so a
 * client learns the real size instead of downloading it all). Multiple ranges and other units are
 * answered in full, which RFC 9110 §14.2 allows ("a server MAY ignore the Range header field").
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | typeof UNSATISFIABLE {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || size === 0) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    return length === 0 ? null : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return UNSATISFIABLE;
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end ? { start, end } : null;
}

/** Only bytes start..end of a stream; the source is closed once the range is passed. */
export function sliceStream(body: Readable, { start, end }: ByteRange): Readable {
  async function* slice(): AsyncGenerator<Buffer> {
    let offset = 0;
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      const next = offset + bytes.length;
      if (next > start) yield bytes.subarray(Math.max(0, start - offset), Math.min(bytes.length, end + 1 - offset));
      offset = next;
      if (offset > end) return;
    }
  }
  return Readable.from(slice());
}
