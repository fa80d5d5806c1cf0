import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEMORY_DATA_DIR, type ServerConfig } from '../config.js';

export const SECRET_FILE_NAME = 'secret.key';

export interface AuthSecretResolution {
  secret: Buffer;
  source: 'environment' | 'file' | 'generated' | 'ephemeral';
}

/**
 * AUTH_SECRET when set. Otherwise (never in production: config refuses) a key generated once
 * into `${DATA_DIR}/secret.key` and reused, so pending SMS codes and deleted-phone hashes survive
 * a restart of a local server; with `memory://` nothing survives anyway, so a random key per
 * process is enough.
 */
export function resolveAuthSecret(config: Pick<ServerConfig, 'authSecret' | 'dataDir'>): AuthSecretResolution {
  if (config.authSecret !== undefined) {
    return { secret: Buffer.from(config.authSecret, 'utf8'), source: 'environment' };
  }
  if (config.dataDir === MEMORY_DATA_DIR) {
    return { secret: randomBytes(32), source: 'ephemeral' };
  }
  const path = join(config.dataDir, SECRET_FILE_NAME);
  try {
    const existing = readFileSync(path, 'utf8').trim();
    if (existing.length >= 32) return { secret: Buffer.from(existing, 'utf8'), source: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created the file in between; then its key is the one to use.
  try {
    writeFileSync(path, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return resolveAuthSecret(config);
    throw error;
  }
  // The umask may have widened the mode given to writeFileSync.
  chmodSync(path, 0o600);
  return { secret: Buffer.from(generated, 'utf8'), source: 'generated' };
}
