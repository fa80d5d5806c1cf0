import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, Code } from '@cliffhanger/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundResponse } from '../http/error-response.js';
import type { AppInstance } from '../app-instance.js';
import { cacheControlFor, extraHeadersFor } from './static-cache-control.js';
import { createPageShell, type PageShell } from './page-bootstrap.js';
import { readPageChunks } from './page-chunks.js';

/**
 * Paths the web app never owns: an unknown URL under them is a 404 envelope, never index.html.
 * /console is the operator console's (console-web.plugin.ts), built and served apart.
 */
const RESERVED_PREFIXES = ['/api', '/console', '/media', '/healthz', '/readyz', '/metrics'];

function isReservedPath(pathname: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * A missing hashed asset or file (`/assets/x.js`, `/favicon.ico`) must stay a 404: answering
 * HTML would be cached or executed as the wrong type. Spec routes have no extension.
 */
function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built web app at / with a history-mode fallback (docs/product.md#screens-and-routes),
 * so reloading /pages/user/wallet?x=1 gets index.html. Also owns the 404 answer for everything.
 */
async function webPlugin(app: AppInstance): Promise<void> {
  const distDir = app.config.webDistDir;
  const built = existsSync(join(distDir, 'index.html'));
  // At startup, not on the first page: a build that lost a page's chunk stops the server here.
  const chunks = built ? readPageChunks(distDir) : undefined;

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      dotfiles: 'ignore',
      // The build writes .br and .gz beside every text asset (apps/web/vite.config.ts), so a
      // request that accepts them gets bytes compressed once at maximum level, not per request.
      preCompressed: true,
      // send's own Cache-Control would overwrite the one set below.
      cacheControl: false,
      allowedPath: (pathname) => !isReservedPath(pathname),
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath, distDir));
        for (const [name, value] of Object.entries(extraHeadersFor(filePath, distDir))) res.setHeader(name, value);
      },
    });
  } else {
    app.log.warn({ webDistDir: distDir }, 'web app is not built: non-API pages answer 503 (run `npm run build`)');
  }

  // Built lazily: the services it reads are decorated after this plugin registers.
  let shell: PageShell | undefined;

  /** index.html for a page of the web app, with the first screen's data when the page has one. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    shell ??= createPageShell(app, distDir, chunks!);
    const page = await shell.render(request);
    if (page === null) return reply.code(200).sendFile('index.html');
    // Per request: a visitor's signed playback and the language of the cookie are in it.
    return reply
      .code(200)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(page);
  }

  // `/` is home: without this route the static wildcard would answer it with the bare file.
  if (built) app.get('/', (request, reply) => sendPage(request, reply));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isReservedPath(pathname) &&
      !looksLikeFile(pathname) &&
      acceptsHtml(request);
    if (!isPage) {
      const response = notFoundResponse();
      return reply.code(response.status).send(response.body);
    }
    if (!built) {
      return reply.code(503).send({
        code: Code.INTERNAL_ERROR,
        message: `The web app is not built. Run \`npm run build\`; the API under ${API_PREFIX} works.`,
        data: null,
      });
    }
    return sendPage(request, reply);
  });
}

export default fp(webPlugin, { name: 'web' });
