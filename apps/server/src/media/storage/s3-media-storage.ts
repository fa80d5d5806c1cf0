import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsV4Signer } from 'aws4fetch';
import type { MediaS3Config } from '../../config.js';
import { isSafeMediaPath } from './media-paths.js';
import type { MediaObject, MediaStorage } from './media-storage.js';

export interface S3MediaStorageOptions extends MediaS3Config {
  /**
   * Until S3 answers with headers (default 30 s): a stalled store fails the request instead of
   * holding an upload forever. Not applied to streaming the body, which follows the client.
   */
  timeoutMs?: number;
  /** The signing clock (tests use it to show that S3 refuses a skewed clock). */
  now?: () => Date;
  fetch?: typeof fetch;
}

/** A non-2xx answer from S3, named by its status and its XML error `<Code>`. */
export class S3RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    detail: string,
  ) {
    super(detail);
    this.name = 'S3RequestError';
  }
}

type Method = 'PUT' | 'GET' | 'DELETE';

/**
 * Media in S3-compatible object storage (docs/media.md#storage-drivers): PutObject, GetObject and
 * DeleteObject over the REST API, signed with SigV4 by aws4fetch. Keys are `${prefix}/${path}`; the object
 * keeps its content type.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly options: Required<S3MediaStorageOptions>;

  constructor(options: S3MediaStorageOptions) {
    this.options = {
      ...options,
      endpoint: options.endpoint.replace(/\/+$/, ''),
      prefix: options.prefix.replace(/^\/+|\/+$/g, ''),
      timeoutMs: options.timeoutMs ?? 30_000,
      now: options.now ?? (() => new Date()),
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    };
  }

  async put(path: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', path, { bytes, contentType });
    if (!response.ok) throw await errorOf('PUT', path, response);
    await response.arrayBuffer(); // release the connection
  }

  async get(path: string): Promise<MediaObject | null> {
    const response = await this.send('GET', path);
    if (!response.ok) {
      const error = await errorOf('GET', path, response);
      // A missing bucket is also a 404, but that is a broken setup, not a missing file.
      if (error.status === 404 && (error.code === undefined || error.code === 'NoSuchKey')) return null;
      throw error;
    }
    const length = Number(response.headers.get('content-length') ?? Number.NaN);
    if (!response.body || !Number.isSafeInteger(length)) {
      const bytes = Buffer.from(await response.arrayBuffer());
      return { body: Readable.from([bytes]), size: bytes.length };
    }
    return { body: Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), size: length };
  }

  async delete(path: string): Promise<void> {
    const response = await this.send('DELETE', path);
    if (response.ok) {
      await response.arrayBuffer();
      return;
    }
    const error = await errorOf('DELETE', path, response);
    // S3 answers 204 for a missing key; some compatible stores answer NoSuchKey.
    if (error.status === 404 && error.code === 'NoSuchKey') return;
    throw error;
  }

  private async send(method: Method, path: string, upload?: { bytes: Buffer; contentType: string }): Promise<Response> {
    if (!isSafeMediaPath(path)) throw new Error(`unsafe media path: ${JSON.stringify(path)}`);
    const { region, accessKeyId, secretAccessKey } = this.options;
    const headers: Record<string, string> = {
      // aws4fetch would send UNSIGNED-PAYLOAD for S3; signing the body's hash lets S3 refuse a
      // body that changed on the way, even where the endpoint is plain HTTP (a local MinIO).
      'x-amz-content-sha256': createHash('sha256')
        .update(upload?.bytes ?? '')
        .digest('hex'),
    };
    if (upload) headers['content-type'] = upload.contentType;
    const signed = await new AwsV4Signer({
      method,
      url: this.urlOf(path).href,
      headers,
      accessKeyId,
      secretAccessKey,
      // Named, not guessed from the host: MinIO or R2 hosts say nothing about service or region.
      service: 's3',
      region,
      datetime: toAmzDate(this.options.now()),
    }).sign();
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`S3 ${method} ${path} timed out after ${this.options.timeoutMs} ms`)),
      this.options.timeoutMs,
    );
    try {
      // fetch sets Host from the URL, which is what was signed.
      return await this.options.fetch(signed.url, {
        method,
        headers: Object.fromEntries(signed.headers),
        body: upload?.bytes,
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private urlOf(path: string): URL {
    const { endpoint, bucket, prefix, forcePathStyle } = this.options;
    // Any encoding that decodes to the key will do: S3 and aws4fetch both decode the path and
    // re-encode it the SigV4 way before signing.
    const key = (prefix ? `${prefix}/${path}` : path)
      .split('/')
      .map((segment) => encodeURIComponent(segment))
      .join('/');
    if (forcePathStyle) return new URL(`${endpoint}/${bucket}/${key}`);
    const url = new URL(endpoint);
    url.hostname = `${bucket}.${url.hostname}`;
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${key}`;
    return url;
  }
}

/** `2013-05-24T00:00:00.000Z` → `20130524T000000Z`, the form of x-amz-date. */
function toAmzDate(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

async function errorOf(method: Method, path: string, response: Response): Promise<S3RequestError> {
  const xml = await response.text().catch(() => '');
  const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(xml)?.[1];
  const detail = `S3 ${method} ${path} failed: HTTP ${response.status}${code ? ` ${code}` : ''}`;
  return new S3RequestError(response.status, code, message ? `${detail} (${message.slice(0, 200)})` : detail);
}
