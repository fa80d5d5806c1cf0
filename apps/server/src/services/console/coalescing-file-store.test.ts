import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesce, CoalescingFileStore, WRITE_BYTES } from './coalescing-file-store.js';

const CHUNK = 64 * 1024;
let directory: string | undefined;

afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

/** `bytes` cut into socket-sized chunks. */
function chunksOf(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK) chunks.push(bytes.subarray(at, at + CHUNK));
  return chunks;
}

describe('coalesce', () => {
  it('passes the bytes on unchanged in pieces of at least 1 MiB, the last one shorter', async () => {
    const bytes = randomBytes(2 * WRITE_BYTES + 5 * CHUNK + 17);
    const pieces: Buffer[] = [];
    const stream = Readable.from(chunksOf(bytes)).pipe(coalesce());
    stream.on('data', (piece: Buffer) => pieces.push(piece));
    await new Promise((resolve) => stream.on('end', resolve));
    expect(pieces.map((p) => p.length)).toEqual([WRITE_BYTES, WRITE_BYTES, 5 * CHUNK + 17]);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
  });
});

describe('CoalescingFileStore', () => {
  it('writes an upload at its offset and answers the offset it reached', async () => {
    directory = mkdtempSync(join(tmpdir(), 'ch-coalescing-'));
    const store = new CoalescingFileStore({ directory });
    const bytes = randomBytes(3 * WRITE_BYTES + 100);
    await store.create(new Upload({ id: 'up', size: bytes.length, offset: 0 }));
    const head = bytes.subarray(0, WRITE_BYTES + 10);
    expect(await store.write(Readable.from(chunksOf(head)), 'up', 0)).toBe(head.length);
    const tail = bytes.subarray(head.length);
    expect(await store.write(Readable.from(chunksOf(tail)), 'up', head.length)).toBe(bytes.length);
    expect(readFileSync(join(directory, 'up')).equals(bytes)).toBe(true);
  });

  it('fails the write when the source fails, leaving whole pieces only (the file size is the offset tus answers next)', async () => {
    directory = mkdtempSync(join(tmpdir(), 'ch-coalescing-'));
    const store = new CoalescingFileStore({ directory });
    const bytes = randomBytes(WRITE_BYTES + 3 * CHUNK);
    await store.create(new Upload({ id: 'cut', size: 4 * WRITE_BYTES, offset: 0 }));
    const source = new Readable({ read() {} });
    for (const chunk of chunksOf(bytes)) source.push(chunk);
    setTimeout(() => source.destroy(new Error('connection reset')), 20);
    await expect(store.write(source, 'cut', 0)).rejects.toBeDefined();
    const written = readFileSync(join(directory, 'cut'));
    expect(written.length % WRITE_BYTES).toBe(0);
    expect(written.equals(bytes.subarray(0, written.length))).toBe(true);
  });
});
