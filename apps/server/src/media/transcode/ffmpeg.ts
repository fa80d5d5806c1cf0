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

/** Reads `-progress pipe:1` output (key=value lines) and reports each `out_time_us` in seconds. */
function progressReader(onProgress: (outTimeS: number) => void): (chunk: Buffer) => void {
  let partial = '';
  return (chunk) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)\s*$/.exec(line);
      if (match) onProgress(Number(match[1]) / 1e6);
    }
  };
}

function run(
  command: string,
  args: readonly string[],
  {
    timeoutMs,
    captureStdout,
    onStdout,
  }: { timeoutMs: number; captureStdout: boolean; onStdout?: (chunk: Buffer) => void },
): Promise<{ stdout: string; stderrTail: string }> {
  return new Promise((resolve, reject) => {
    const pipeStdout = captureStdout || onStdout !== undefined;
    const child = spawn(command, args, { stdio: ['ignore', pipeStdout ? 'pipe' : 'ignore', 'pipe'] });
    const stdoutChunks: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    let settled = false;

    child.stdout?.on('data', (chunk: Buffer) => {
      if (captureStdout) stdoutChunks.push(chunk);
      onStdout?.(chunk);
    });
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
 * `onProgress` is told how many seconds of output ffmpeg has written, about twice a second
 * (its `-progress` report).
 */
export async function runFfmpeg(
  ffmpegPath: string,
  args: readonly string[],
  { timeoutMs, onProgress }: { timeoutMs: number; onProgress?: (outTimeS: number) => void },
): Promise<void> {
  const progress = onProgress ? ['-progress', 'pipe:1', '-nostats'] : [];
  await run(ffmpegPath, ['-hide_banner', '-nostdin', '-y', ...progress, ...args], {
    timeoutMs,
    captureStdout: false,
    onStdout: onProgress ? progressReader(onProgress) : undefined,
  });
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
