import { spawn } from 'node:child_process';
import { z } from 'zod';

/** How much of a failing process's stderr an error keeps (the end is where ffmpeg says why). */
const STDERR_TAIL_CHARS = 4_000;

/** A failed ffmpeg/ffprobe run: not found, non-zero exit, killed on timeout, or unparsable output. */
class FfmpegError extends Error {
  override readonly name = 'FfmpegError';
  constructor(
    message: string,
    /** The last few thousand characters of the process's stderr ('' when it never started). */
    readonly stderrTail: string,
    options?: { cause?: unknown },
  ) {
    super(stderrTail ? `${message}\n${stderrTail}` : message, options);
  }
}

function run(
  command: string,
  args: readonly string[],
  { timeoutMs, captureStdout }: { timeoutMs: number; captureStdout: boolean },
): Promise<{ stdout: string; stderrTail: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'] });
    const stdoutChunks: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    let settled = false;

    child.stdout?.on('data', (chunk: Buffer) => stdoutChunks.push(chunk));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_TAIL_CHARS * 2) stderr = stderr.slice(-STDERR_TAIL_CHARS);
    });

    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);

    const finish = (error: FfmpegError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else
        resolve({
          stdout: Buffer.concat(stdoutChunks).toString('utf8'),
          stderrTail: stderr.slice(-STDERR_TAIL_CHARS).trim(),
        });
    };

    child.on('error', (err) => {
      finish(new FfmpegError(`${command} could not be started: ${err.message}`, '', { cause: err }));
    });
    child.on('close', (code, signal) => {
      const tail = stderr.slice(-STDERR_TAIL_CHARS).trim();
      if (timedOut) finish(new FfmpegError(`${command} timed out after ${timeoutMs} ms`, tail));
      else if (code !== 0)
        finish(new FfmpegError(`${command} failed (${signal ? `signal ${signal}` : `exit code ${code}`})`, tail));
      else finish(null);
    });
  });
}

/**
 * Runs ffmpeg with an argument array (never through a shell). Resolves when it exits 0;
 * rejects with an FfmpegError carrying the stderr tail otherwise, or on timeout (the process is killed).
 */
export async function runFfmpeg(
  ffmpegPath: string,
  args: readonly string[],
  { timeoutMs }: { timeoutMs: number },
): Promise<void> {
  await run(ffmpegPath, ['-hide_banner', '-nostdin', '-y', ...args], { timeoutMs, captureStdout: false });
}

/** ffprobe prints numbers as strings ("9.000000", "N/A"); absent or unparsable → undefined. */
const optionalNumber = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => {
    if (v === undefined) return undefined;
    const n = typeof v === 'number' ? v : Number.parseFloat(v);
    return Number.isFinite(n) ? n : undefined;
  });

const probeStreamSchema = z.object({
  index: z.number().int(),
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  duration: optionalNumber,
});

const probeSchema = z.object({
  streams: z.array(probeStreamSchema).default([]),
  format: z
    .object({
      format_name: z.string().optional(),
      duration: optionalNumber,
    })
    .optional(),
});

export type ProbeResult = z.infer<typeof probeSchema>;

/**
 * Runs ffprobe on a file and returns the parsed, validated subset of its JSON
 * (streams: codec_type, codec_name, width, height, duration; format: duration).
 */
export async function probe(ffprobePath: string, file: string): Promise<ProbeResult> {
  const { stdout, stderrTail } = await run(
    ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', '--', file],
    { timeoutMs: 30_000, captureStdout: true },
  );
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch (err) {
    throw new FfmpegError(`${ffprobePath} printed invalid JSON for ${file}`, stderrTail, { cause: err });
  }
  const parsed = probeSchema.safeParse(json);
  if (!parsed.success) {
    throw new FfmpegError(`${ffprobePath} printed unexpected JSON for ${file}: ${parsed.error.message}`, stderrTail);
  }
  return parsed.data;
}
