import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
import { MEMORY_DATA_DIR, type ServerConfig } from '../config.js';

export const VAPID_FILE_NAME = 'vapid.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function parseStored(text: string): VapidKeys | undefined {
  try {
    const value = JSON.parse(text) as Partial<VapidKeys>;
    if (typeof value.publicKey === 'string' && typeof value.privateKey === 'string') {
      return { publicKey: value.publicKey, privateKey: value.privateKey };
    }
  } catch {
    // A damaged file is replaced below, as a missing one would be.
  }
  return undefined;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set. Otherwise a pair generated once into `${DATA_DIR}/vapid.json` and reused: browsers bind a subscription to
 * the key it was made with, so a new key per restart would silently end every subscription. With
 * `memory://` nothing survives a restart anyway, so a pair per process is enough.
 */
export function resolveVapidKeys(config: Pick<ServerConfig, 'push' | 'dataDir'>): VapidKeys {
  if (config.push.vapid !== undefined) return { ...config.push.vapid };
  if (config.dataDir === MEMORY_DATA_DIR) return webPush.generateVAPIDKeys();
  const path = join(config.dataDir, VAPID_FILE_NAME);
  try {
    const stored = parseStored(readFileSync(path, 'utf8'));
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const generated = webPush.generateVAPIDKeys();
  try {
    // 'wx' fails if another process created the file in between; then its pair is the one to use.
    writeFileSync(path, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const stored = parseStored(readFileSync(path, 'utf8'));
      if (stored) return stored;
    }
    throw error;
  }
  chmodSync(path, 0o600);
  return generated;
}
