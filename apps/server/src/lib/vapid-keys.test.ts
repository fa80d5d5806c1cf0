import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { resolveVapidKeys, VAPID_FILE_NAME } from './vapid-keys.js';

const push = (env: Record<string, string> = {}) => loadConfig({ ...env }).push;

describe('resolveVapidKeys', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cliffhanger-vapid-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'k'.repeat(43);
    expect(
      resolveVapidKeys({ dataDir, push: push({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }) }),
    ).toEqual({ publicKey, privateKey });
  });

  it('generates ${DATA_DIR}/vapid.json once, mode 0600, and reuses it: browsers keep subscriptions made with it', () => {
    const first = resolveVapidKeys({ dataDir, push: push() });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const file = join(dataDir, VAPID_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(resolveVapidKeys({ dataDir, push: push() })).toEqual(first);
  });

  it('draws a pair per process for memory://', () => {
    const a = resolveVapidKeys({ dataDir: 'memory://', push: push() });
    const b = resolveVapidKeys({ dataDir: 'memory://', push: push() });
    expect(a.publicKey).not.toBe(b.publicKey);
  });

  it('comes as a pair', () => {
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'k'.repeat(43) })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('refuses the stand-in settings in production', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), DEMO_CATALOG: 'false' };
    expect(() => loadConfig({ ...production, WEB_PUSH_EXTRA_ORIGINS: 'https://localhost:4000' })).toThrow(
      /WEB_PUSH_EXTRA_ORIGINS/,
    );
    expect(() => loadConfig({ ...production, APNS_HOST: 'localhost:4000' })).toThrow(/APNS_HOST/);
  });
});
