import { Code, type Envelope } from '@cliffhanger/contract';
import { CONSOLE_UPLOADS_URL, consoleGetEpisodeImport, consoleListEpisodeImports } from '@cliffhanger/contract/console';
import { EVENTS, Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { toErrorResponse } from '../../http/error-response.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import { sendWebResponse, toWebRequest } from '../../http/web-exchange.js';
import { RedisUploadLocker } from '../../services/console/redis-upload-locker.js';
import type { AppInstance } from '../../app-instance.js';

/** Every method of the tus protocol the console uses (creation, offset, bytes, discovery, termination). */
const TUS_METHODS = ['POST', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE'];
/** The same roles as the imports' endpoints: editors (and admins). */
const UPLOADERS = ['editor'] as const;

/** tus answers its refusals in plain text; the envelope's code for each status (the status stays: tus clients act on it). */
function codeOfStatus(status: number): number {
  switch (status) {
    case 403:
      return Code.FORBIDDEN;
    case 404:
      return Code.NOT_FOUND;
    case 409:
      return Code.CONFLICT;
    case 410:
      return Code.EPISODE_UPLOAD_EXPIRED;
    case 413:
      return Code.PAYLOAD_TOO_LARGE;
    default:
      return status >= 500 ? Code.INTERNAL_ERROR : Code.INVALID_INPUT;
  }
}

/** What tus sends for a hook's refusal: `status_code` and `body` are the fields it reads. */
class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** A refusal's body as the envelope: ours pass as they are, tus's own text gets the code of its status. */
function envelopeOf(status: number, text: string): string {
  try {
    const parsed = JSON.parse(text) as Partial<Envelope<unknown>>;
    if (typeof parsed.code === 'number') return text;
  } catch {
    // tus's own plain text, below.
  }
  const envelope: Envelope<null> = { code: codeOfStatus(status), message: text.trim() || 'Upload refused', data: null };
  return JSON.stringify(envelope);
}

/**
 * Episode uploads by the tus resumable upload protocol (docs/console.md#uploading-episodes) under
 * the console's guard, and the imports' progress. tus's hooks call the import service: creation
 * is refused before any byte for a wrong drama, number, type or size, the last byte queues the
 * import, and only the operator who began an upload (or an admin) may send to it or cancel it.
 */
export function uploadsRoutes(app: AppInstance): void {
  const { episodeImports } = app.services.console;
  // The Fastify request behind each fetch-style Request handed to tus, for its operator and log.
  const origins = new WeakMap<Request, FastifyRequest>();
  const originOf = (request: Request): FastifyRequest => {
    const origin = origins.get(request);
    if (!origin) throw new Error('a tus request arrived outside the console route');
    return origin;
  };

  /** Runs a hook; a refusal or failure becomes a TusRefusal carrying our envelope. */
  const hook =
    <A extends unknown[], R>(work: (origin: FastifyRequest, ...args: A) => Promise<R>) =>
    async (request: Request, ...args: A): Promise<R> => {
      const origin = originOf(request);
      try {
        return await work(origin, ...args);
      } catch (error) {
        const response = toErrorResponse(error);
        if (response.severity === 'server') origin.log.error({ err: error }, 'upload request failed');
        throw new TusRefusal(response.status, JSON.stringify(response.body));
      }
    };

  // With Redis every API process takes turns on an upload; without, each locks alone (tus's MemoryLocker).
  const locker = app.config.redisUrl
    ? new RedisUploadLocker({
        url: app.config.redisUrl,
        onError: (error) => app.log.warn({ err: error }, 'upload lock: Redis failed'),
      })
    : undefined;
  const tus = new Server({
    path: CONSOLE_UPLOADS_URL,
    datastore: episodeImports.staging.store,
    ...(locker ? { locker } : {}),
    maxSize: app.config.consoleUploadMaxBytes,
    // The Location is the console's own path: the console's origin, whatever proxies sit in front.
    relativeLocation: true,
    // Same-origin only: no CORS header from tus (the CORS plugin decides, and gives the console none).
    allowedOrigins: [],
    // A finished upload belongs to its import now.
    disableTerminationForFinishedUploads: true,
    onIncomingRequest: hook(async (origin, uploadId: string) => {
      // Creation names a new id; the row it makes is checked by onUploadCreate.
      if (origin.method !== 'POST') await episodeImports.checkUploader(uploadId, operatorOf(origin));
    }),
    onUploadCreate: hook(
      async (origin, upload: { id: string; size?: number; metadata?: Record<string, string | null> }) => {
        await episodeImports.beginUpload(operatorOf(origin).id, upload.id, upload.size, upload.metadata ?? {});
        return {};
      },
    ),
    onUploadFinish: hook(async (_origin, upload: { id: string }) => {
      await episodeImports.uploadFinished(upload.id);
      return {};
    }),
  });
  tus.on(EVENTS.POST_TERMINATE, (_request, _response, uploadId: string) => {
    episodeImports.uploadCancelled(uploadId).catch((error: unknown) => {
      app.log.error({ err: error, uploadId }, 'could not record a cancelled upload');
    });
  });

  // PATCH bodies are the file's bytes: left unread here, tus streams them to the staging file.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const webRequest = toWebRequest(request);
    origins.set(webRequest, request);
    const response = await tus.handleWeb(webRequest);
    return sendWebResponse(reply, response, {
      dropHeader: (name) => name.startsWith('access-control-'),
      rewrite: (status, text) =>
        status >= 400 ? { body: envelopeOf(status, text), contentType: 'application/json; charset=utf-8' } : undefined,
    });
  };
  for (const url of [CONSOLE_UPLOADS_URL, `${CONSOLE_UPLOADS_URL}/:uploadId`]) {
    app.route({
      method: TUS_METHODS,
      url,
      // The console guard applies these (the operator's role and, for writes, the request header).
      config: { consoleAccess: UPLOADERS },
      schema: { hide: true },
      handler,
    });
  }
  // A temporary staging folder goes with the app, and the lock's Redis connections.
  app.addHook('onClose', async () => {
    episodeImports.staging.close();
    await locker?.close();
  });

  registerConsoleEndpoint(app, consoleListEpisodeImports, async (req) =>
    ok({ imports: await episodeImports.listOfDrama(req.params.id) }),
  );

  registerConsoleEndpoint(app, consoleGetEpisodeImport, async (req) => ok(await episodeImports.get(req.params.id)));
}
