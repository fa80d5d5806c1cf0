import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { serverRoot } from '../../src/paths.js';

export interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run catalog -- …` without npm: the same entry point, run by tsx. */
export function catalogCli(args: string[], env: Record<string, string>): Promise<Exit> {
  return runCli('catalog', args, env);
}

/** `npm run <command> -- …` of a command in src/cli/, run by tsx with only `env` (and PATH). */
export function runCli(command: string, args: string[], env: Record<string, string>): Promise<Exit> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, `src/cli/${command}.ts`), ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
