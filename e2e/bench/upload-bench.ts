import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { copyFile, open, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { randomFillSync } from 'node:crypto';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_REQUEST_HEADER,
  CONSOLE_UPLOADS_URL,
  EPISODE_UPLOAD_METADATA,
} from '@cliffhanger/contract/console';
import * as OTPAuth from 'otpauth';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.js';
import { summarise, type Summary } from './stats.js';

/** The tus endpoint must take a file at least this fraction of a plain copy's speed on the same disk. */
const UPLOAD_GOAL_RATIO = 0.5;
/** About an episode's worth of video at a high bitrate. */
const FILE_BYTES = 200 * 1024 * 1024;
/** Bytes per PATCH, as the console sends them (pages/catalogue/episode-upload/tus-upload.ts). */
const CHUNK_BYTES = 8 * 1024 * 1024;
const ROUNDS = 5;
const PASSWORD = 'bench operator password';

export interface UploadBenchResult {
  fileBytes: number;
  chunkBytes: number;
  rounds: number;
  /** MB/s (10^6 bytes) of each way, over the rounds. */
  upload: Summary;
  streamCopy: Summary;
  copyFile: Summary;
  /** Median upload ÷ median stream copy. */
  ratio: number;
}

interface Envelope<T> {
  code: number;
  data: T;
}

async function consolePost<T>(
  base: string,
  route: string,
  body: unknown,
  cookie?: string,
): Promise<{ data: T; cookie?: string }> {
  const res = await fetch(`${base}${CONSOLE_API_PREFIX}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [CONSOLE_REQUEST_HEADER]: '1',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${route} answered code ${envelope.code}`);
  const set = res.headers.getSetCookie().find((c) => c.startsWith('ch_console='));
  return { data: envelope.data, ...(set ? { cookie: set.split(';')[0] } : {}) };
}

/**
 * The embedded server (PGlite, local disk) as `npm start` runs it, with an editor made by the real
 * command before it starts (PGlite takes one process at a time), enrolled and signed in over HTTP,
 * and an empty drama to upload to.
 */
async function startUploadWorld(dataDir: string): Promise<{ server: RunningServer; cookie: string; dramaId: number }> {
  const created = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/console.ts',
      'create-operator',
      'bench-editor@example.com',
      '--role',
      'editor',
    ],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  );
  const token = /token=([\w-]+)/.exec(created.stdout)?.[1];
  if (created.status !== 0 || !token) throw new Error(`create-operator failed: ${created.stdout}${created.stderr}`);
  const server = await startServer({ env: { DATA_DIR: dataDir, DEMO_CATALOG: 'false' } });
  try {
    const { data: enrolment } = await consolePost<{ uri: string }>(server.url, '/auth/enrolment/start', { token });
    const { data: enrolled } = await consolePost<{ recovery_codes: string[] }>(server.url, '/auth/enrolment/complete', {
      token,
      password: PASSWORD,
      code: OTPAuth.URI.parse(enrolment.uri).generate(),
    });
    const { cookie } = await consolePost(server.url, '/auth/sign-in', {
      email: 'bench-editor@example.com',
      password: PASSWORD,
      code: enrolled.recovery_codes[0],
    });
    if (!cookie) throw new Error('sign-in set no console cookie');
    const { data: drama } = await consolePost<{ id: number }>(
      server.url,
      '/catalogue/dramas',
      {
        title: { en: 'Upload bench' },
        synopsis: { en: 'Episodes sent by the bench.' },
        free_episodes: 0,
        episode_price: 10,
        all_price: 100,
      },
      cookie,
    );
    return { server, cookie, dramaId: drama.id };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** One HTTP request whose body is a slice of `file`, streamed from disk; answers the status and headers. */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: { file: string; start: number; end: number },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    if (body) {
      const slice = createReadStream(body.file, { start: body.start, end: body.end - 1, highWaterMark: 1024 * 1024 });
      slice.on('error', reject);
      slice.pipe(req);
    } else req.end();
  });
}

/** Sends `file` through tus in CHUNK_BYTES PATCHes, as the console does; resolves once the last is accepted. */
async function uploadOnce(base: string, cookie: string, dramaId: number, file: string, size: number): Promise<void> {
  const common = { cookie, [CONSOLE_REQUEST_HEADER]: '1', 'tus-resumable': '1.0.0' };
  const metadata = [
    [EPISODE_UPLOAD_METADATA.dramaId, String(dramaId)],
    [EPISODE_UPLOAD_METADATA.episode, 'next'],
    [EPISODE_UPLOAD_METADATA.filename, path.basename(file)],
    [EPISODE_UPLOAD_METADATA.filetype, 'video/mp4'],
  ]
    .map(([key, value]) => `${key} ${Buffer.from(value ?? '').toString('base64')}`)
    .join(',');
  const created = await send(new URL(CONSOLE_UPLOADS_URL, base), 'POST', {
    ...common,
    'upload-length': String(size),
    'upload-metadata': metadata,
  });
  const location = created.headers.location;
  if (created.status !== 201 || typeof location !== 'string')
    throw new Error(`tus creation answered ${created.status}`);
  const target = new URL(location, base);
  for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
    const end = Math.min(size, offset + CHUNK_BYTES);
    const sent = await send(
      target,
      'PATCH',
      {
        ...common,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      { file, start: offset, end },
    );
    if (sent.status !== 204 || sent.headers['upload-offset'] !== String(end)) {
      throw new Error(`PATCH at ${offset} answered ${sent.status} (offset ${String(sent.headers['upload-offset'])})`);
    }
  }
}

/** A file of random bytes (so nothing along the way compresses it). */
async function writeRandomFile(file: string, bytes: number): Promise<void> {
  const handle = await open(file, 'w');
  try {
    const block = Buffer.alloc(8 * 1024 * 1024);
    for (let written = 0; written < bytes; written += block.length) {
      randomFillSync(block);
      await handle.write(block, 0, Math.min(block.length, bytes - written));
    }
  } finally {
    await handle.close();
  }
}

const megabytesPerSecond = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Upload throughput of the tus endpoint against a plain copy of the same file on the same disk:
 * the server's staging folder (`${DATA_DIR}/uploads`) and the copies' target sit in one temporary
 * folder. Each round copies the file twice and uploads it once over loopback, in turn, so load on
 * the machine falls on all three alike. The yardstick is the stream copy (read into the process,
 * written out), the least any upload does with its bytes; fs.copyFile is shown beside it, but on
 * Linux it copies inside the kernel (copy_file_range, page cache to page cache), which bytes
 * arriving on a socket cannot.
 */
export async function benchUploads(): Promise<UploadBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ch-bench-upload-'));
  const dataDir = path.join(dir, 'data');
  const source = path.join(dir, 'episode.mp4');
  try {
    await writeRandomFile(source, FILE_BYTES);
    const { size } = await stat(source);
    const world = await startUploadWorld(dataDir);
    try {
      const upload: number[] = [];
      const streamCopy: number[] = [];
      const copied: number[] = [];
      // A first upload warms the server (JIT, the guard's statements) and is not counted.
      await uploadOnce(world.server.url, world.cookie, world.dramaId, source, size);
      for (let round = 0; round < ROUNDS; round += 1) {
        const target = path.join(dir, `copy-${round}.mp4`);
        streamCopy.push(
          megabytesPerSecond(size, await timed(() => pipeline(createReadStream(source), createWriteStream(target)))),
        );
        await rm(target);
        copied.push(megabytesPerSecond(size, await timed(() => copyFile(source, target))));
        await rm(target);
        upload.push(
          megabytesPerSecond(
            size,
            await timed(() => uploadOnce(world.server.url, world.cookie, world.dramaId, source, size)),
          ),
        );
      }
      const summaries = { upload: summarise(upload), streamCopy: summarise(streamCopy), copyFile: summarise(copied) };
      return {
        fileBytes: size,
        chunkBytes: CHUNK_BYTES,
        rounds: ROUNDS,
        ...summaries,
        ratio: summaries.upload.p50 / summaries.streamCopy.p50,
      };
    } finally {
      await world.server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printUploads(result: UploadBenchResult): void {
  const mb = (s: Summary) => `${s.p50.toFixed(0).padStart(6)} ${s.max.toFixed(0).padStart(6)}`;
  console.log(
    `\nUploads: ${(result.fileBytes / 2 ** 20).toFixed(0)} MiB file, ${result.rounds} rounds (MB/s)   p50    max`,
  );
  console.log(`${'tus over loopback'.padEnd(44)} ${mb(result.upload)}`);
  console.log(`${'stream copy, same disk'.padEnd(44)} ${mb(result.streamCopy)}`);
  console.log(`${'fs.copyFile, same disk'.padEnd(44)} ${mb(result.copyFile)}`);
  const met = result.ratio >= UPLOAD_GOAL_RATIO;
  console.log(`upload ÷ stream copy: ${result.ratio.toFixed(2)}× (goal ≥ ${UPLOAD_GOAL_RATIO}×) ${met ? '✓' : '✗'}`);
}
