import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from './local-media-storage.js';
import { MemoryMediaStorage } from './memory-media-storage.js';

describe('LocalMediaStorage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-media-'));
  const storage = new LocalMediaStorage(join(dir, 'media'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts, gets and deletes by relative path', async () => {
    await storage.put('avatars/a.webp', Buffer.from('bytes'));
    expect(readFileSync(join(dir, 'media/avatars/a.webp'), 'utf8')).toBe('bytes');
    const object = await storage.get('avatars/a.webp');
    expect(object).toMatchObject({ size: 5 });
    expect(await text(object!.body)).toBe('bytes');
    await storage.delete('avatars/a.webp');
    expect(await storage.get('avatars/a.webp')).toBeNull();
    await storage.delete('avatars/a.webp'); // missing is fine
  });

  it.each(['../escape.webp', '/etc/passwd', 'avatars/../../x.webp', 'avatars/%2e%2e.webp', 'a\\b.webp'])(
    'refuses the unsafe path %j',
    async (path) => {
      await expect(storage.put(path, Buffer.from('x'))).rejects.toThrow(/unsafe|escapes/);
      await expect(storage.get(path)).rejects.toThrow();
    },
  );

  it('never writes outside its root', () => {
    expect(existsSync(join(dir, 'escape.webp'))).toBe(false);
  });
});

describe('MemoryMediaStorage', () => {
  it('keeps objects in memory', async () => {
    const storage = new MemoryMediaStorage();
    await storage.put('avatars/b.webp', Buffer.from('xy'));
    expect(await storage.get('avatars/b.webp')).toMatchObject({ size: 2 });
    await storage.delete('avatars/b.webp');
    expect(await storage.get('avatars/b.webp')).toBeNull();
    await expect(storage.put('../x.webp', Buffer.from('x'))).rejects.toThrow();
  });
});
