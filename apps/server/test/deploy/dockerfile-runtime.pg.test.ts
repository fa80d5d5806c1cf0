import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, startServerProcess, type ServerProcess } from '@cliffhanger/test-kit/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '../helpers/test-app.js';

/**
 * deploy/Dockerfile's runtime stage, replayed without a container engine: its COPY lines (from
 * the checkout, or from the build stage's outputs, which are the checkout's `npm run build`
 * outputs here), its production-only `npm ci`, then the image's commands with plain Node. What the
 * image would lack (a file it does not copy, a dependency the server's workspace does not
 * declare) fails here. The base image and its apt packages are not exercised.
 */
interface Copy {
  from: string | null;
  sources: string[];
  target: string;
}

interface Stage {
  name: string;
  copies: Copy[];
  runs: string[];
  env: Record<string, string>;
  cmd: string[];
}

function parseDockerfile(text: string): Map<string, Stage> {
  const stages = new Map<string, Stage>();
  let stage: Stage | undefined;
  // Continuation lines joined, comments dropped.
  const lines = text.replace(/\\\n/g, ' ').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  for (const line of lines) {
    const [instruction = '', ...rest] = line.trim().split(/\s+/);
    const argument = line.trim().slice(instruction.length).trim();
    if (instruction === 'FROM') {
      stage = { name: rest[2] ?? '', copies: [], runs: [], env: {}, cmd: [] };
      stages.set(stage.name, stage);
    } else if (!stage) {
      continue;
    } else if (instruction === 'COPY') {
      const from = rest[0]?.startsWith('--from=') ? rest.shift()!.slice('--from='.length) : null;
      stage.copies.push({ from, sources: rest.slice(0, -1), target: rest.at(-1)! });
    } else if (instruction === 'RUN') {
      stage.runs.push(argument);
    } else if (instruction === 'ENV') {
      const [key, value] = argument.split('=');
      stage.env[key!] = value!;
    } else if (instruction === 'CMD') {
      stage.cmd = JSON.parse(argument) as string[];
    }
  }
  return stages;
}

/** A COPY into the image's /app (`dir` here): a file into a directory target keeps its name. */
function copyInto(dir: string, sourceRoot: string, copy: Copy): void {
  for (const source of copy.sources) {
    const from = path.join(sourceRoot, source);
    const into = copy.target.endsWith('/') ? path.join(dir, copy.target, path.basename(source)) : path.join(dir, copy.target);
    mkdirSync(path.dirname(into), { recursive: true });
    cpSync(from, into, { recursive: true });
  }
}

const run = (command: string, args: string[], cwd: string, env: Record<string, string>) =>
  spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 300_000 });

const dockerfile = parseDockerfile(readFileSync(path.join(repoRoot, 'deploy', 'Dockerfile'), 'utf8'));
const runtime = dockerfile.get('runtime')!;
let image: string;
let database: TestDatabaseUrl;
let server: ServerProcess | undefined;

beforeAll(() => {
  image = mkdtempSync(path.join(tmpdir(), 'cliffhanger-image-'));
  for (const copy of runtime.copies) {
    if (copy.from === 'manifests') {
      for (const manifestCopy of dockerfile.get('manifests')!.copies) copyInto(image, repoRoot, manifestCopy);
    } else if (copy.from === 'build') {
      // The build stage's /app is a checkout after `npm run build`.
      copyInto(image, repoRoot, { ...copy, sources: copy.sources.map((source) => path.relative('/app', source)) });
    } else {
      copyInto(image, repoRoot, copy);
    }
  }
  // The image's installs: npm only (the apt-get of ffmpeg is the base image's business).
  for (const line of runtime.runs) {
    for (const step of line.split('&&').map((part) => part.trim())) {
      if (step.startsWith('npm ci')) {
        const installed = run('npm', step.split(/\s+/).slice(1), image, { NODE_ENV: 'production' });
        if (installed.status !== 0) throw new Error(`${step} failed:\n${installed.stderr}`);
      } else if (step.startsWith('mkdir -p ')) {
        mkdirSync(path.join(image, step.slice('mkdir -p '.length)), { recursive: true });
      }
    }
  }
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (image) rmSync(image, { recursive: true, force: true });
});

describe("the Dockerfile's runtime image", () => {
  it('holds the server, the web app, migrations and the commands, with production dependencies only', () => {
    expect(runtime.cmd).toEqual(['node', 'apps/server/dist/main.js']);
    for (const file of ['apps/server/dist/main.js', 'apps/server/dist/migrate.js', 'apps/server/dist/worker.js']) {
      expect(existsSync(path.join(image, file)), file).toBe(true);
    }
    expect(existsSync(path.join(image, 'apps/web/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(image, 'apps/console/dist/index.html'))).toBe(true);
    // Development tools stay out of the image.
    for (const tool of ['vitest', 'tsx', 'vite', 'typescript']) {
      expect(existsSync(path.join(image, 'node_modules', tool)), tool).toBe(false);
    }
  });

  it('migrates, serves the API and the web app, and runs the operator commands', async () => {
    database = await createTestDatabaseUrl();
    const env = {
      ...runtime.env,
      DATABASE_URL: database.databaseUrl!,
      AUTH_SECRET: 'image-test-secret-0123456789abcdef',
      PUBLIC_BASE_URL: 'http://localhost',
      SMS_PROVIDER: 'console',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    };
    const migrated = run('node', ['apps/server/dist/migrate.js'], image, env);
    expect(migrated.stderr).toBe('');
    expect(migrated.stdout).toContain('Migrations applied (PostgreSQL)');

    server = await startServerProcess(env, { cwd: image, compiled: true });
    const healthz = await fetch(`${server.url}/healthz`);
    expect(healthz.status).toBe(200);
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { data: { status: string } };
    expect(ready.data.status).toBe('ready');
    const home = (await (await fetch(`${server.url}/api/v1/home`)).json()) as { code: number };
    expect(home.code).toBe(200);
    expect(await (await fetch(`${server.url}/`)).text()).toContain('<div id="root">');

    const wallet = run('node', ['scripts/compiled.mjs', 'wallet', 'reconcile'], image, env);
    expect(wallet.stderr).toBe('');
    expect(wallet.status).toBe(0);
  }, 120_000);
});
