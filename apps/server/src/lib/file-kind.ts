import { stat } from 'node:fs/promises';

/** What is at `path`: a file, a directory, or nothing usable (absent, unreadable or another kind). */
export async function kindOf(path: string): Promise<'file' | 'dir' | 'missing'> {
  try {
    const info = await stat(path);
    return info.isFile() ? 'file' : info.isDirectory() ? 'dir' : 'missing';
  } catch {
    return 'missing';
  }
}
