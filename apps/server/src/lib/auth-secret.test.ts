import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret, SECRET_FILE_NAME } from './auth-secret.js';

describe('resolveAuthSecret', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cliffhanger-secret-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses AUTH_SECRET when set', () => {
    const secret = 's'.repeat(40);
    expect(resolveAuthSecret({ authSecret: secret, dataDir })).toEqual({
      secret: Buffer.from(secret),
      source: 'environment',
    });
  });

  it('generates ${DATA_DIR}/secret.key once, mode 0600, and reuses it', () => {
    const first = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(first.source).toBe('generated');
    const file = join(dataDir, SECRET_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret.toString('utf8'));
    const second = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(second.source).toBe('file');
    expect(second.secret.equals(first.secret)).toBe(true);
  });

  it('draws a random key per process for memory://', () => {
    const a = resolveAuthSecret({ authSecret: undefined, dataDir: 'memory://' });
    const b = resolveAuthSecret({ authSecret: undefined, dataDir: 'memory://' });
    expect(a.source).toBe('ephemeral');
    expect(a.secret.length).toBe(32);
    expect(a.secret.equals(b.secret)).toBe(false);
  });
});
