import { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * The single range of a `Range: bytes=…` header for a body of `size` bytes, or null to serve the
 * whole body. Multiple ranges, other units and unsatisfiable ranges are answered in full, which
 * RFC 9110 §14.2 allows ("a server MAY ignore the Range header field").
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null {
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
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end && start < size ? { start, end } : null;
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
