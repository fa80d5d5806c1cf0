import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';

/** sha256 of a file's bytes, hex, streamed (sources can be gigabytes). */
export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** sha256 over a folder's files: each relative path and its content hash, in sorted order. */
export async function sha256Folder(root: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) hash.update(`${file}\0${await sha256File(join(root, file))}\n`);
  return hash.digest('hex');
}

/** The short form used in media paths: enough to tell versions of one episode apart. */
export function short(hash: string): string {
  return hash.slice(0, 8);
}
