import sharp from 'sharp';
import {
  ProviderImageUnavailable,
  type ProviderImage,
  type ProviderImageFetcher,
} from '../../src/services/oauth/provider-image.js';

type Answer = () => Promise<ProviderImage>;

/**
 * Sign-in providers' image host, as the avatar copy downloads from it: each URL answers a
 * picture, is down (throws, so the job is retried) a number of times first, is held until the
 * test releases it, or is missing (404, for good). Records every download.
 */
export class FakePictureHost {
  readonly downloads: { url: string; at: number }[] = [];
  private readonly answers = new Map<string, Answer[]>();

  /** Each download of `url` takes the next answer; the last one repeats. */
  private push(url: string, answer: Answer): void {
    this.answers.set(url, [...(this.answers.get(url) ?? []), answer]);
  }

  serve(url: string, bytes: Buffer): this {
    this.push(url, () => Promise.resolve({ ok: true, bytes }));
    return this;
  }

  down(url: string, times = 1): this {
    for (let i = 0; i < times; i += 1) {
      this.push(url, () => Promise.reject(new ProviderImageUnavailable(`${new URL(url).host} answered 503`)));
    }
    return this;
  }

  /** The next download of `url` waits for `release()`, then answers `bytes`. */
  hold(url: string, bytes: Buffer): () => void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.push(url, () => released.then(() => ({ ok: true as const, bytes })));
    return release;
  }

  count(url: string): number {
    return this.downloads.filter((d) => d.url === url).length;
  }

  readonly fetch: ProviderImageFetcher = (url) => {
    this.downloads.push({ url, at: Date.now() });
    const queue = this.answers.get(url);
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    return answer ? answer() : Promise.resolve({ ok: false, reason: 'answered 404' });
  };
}

/** A small photo-like PNG, as a provider CDN serves. */
export function pictureBytes(rgb: { r: number; g: number; b: number } = { r: 20, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: rgb } })
    .png()
    .toBuffer();
}

/**
 * Waits, a bounded time, until `check` answers true (a background job's effect): polls instead of
 * sleeping a guessed time, and fails with `what` when the time is up.
 */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
