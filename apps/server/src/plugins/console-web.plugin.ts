import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Code } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX } from '@cliffhanger/contract/console';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_BASE } from '../http/console-paths.js';
import { notFoundResponse } from '../http/error-response.js';
import type { AppInstance } from '../app-instance.js';
import { cacheControlFor } from './static-cache-control.js';

/** A missing asset or file must stay a 404: answering HTML would be run or cached as the wrong type. */
function looksLikeFile(pathname: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

function isConsoleApi(pathname: string): boolean {
  return pathname === CONSOLE_API_PREFIX || pathname.startsWith(`${CONSOLE_API_PREFIX}/`);
}

/**
 * Serves the operator console's build (apps/console) under /console/, with a history-mode
 * fallback: any /console/… page path that is neither the console's API nor a file gets its
 * index.html, so reloading /console/dramas/7 works. Registered under the /console prefix, so its
 * 404 handler answers every unknown /console path and the viewers' app never does. The console's
 * CSP and X-Robots-Tag come from security-headers.plugin.ts.
 */
async function consoleWebScope(app: AppInstance): Promise<void> {
  const distDir = app.config.consoleDistDir;
  const indexFile = join(distDir, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      dotfiles: 'ignore',
      // The viewers' app's static files decorate the reply already.
      decorateReply: false,
      // send's own Cache-Control would overwrite the one set below.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath, distDir));
      },
    });
  } else {
    app.log.warn({ consoleDistDir: distDir }, 'console is not built: /console pages answer 503 (run `npm run build`)');
  }

  // Read per page, not once at boot: a rebuild replaces the hashed assets it names.
  const sendIndex = async (reply: FastifyReply) =>
    reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await readFile(indexFile));

  // `/console` itself: the pages' relative paths need the trailing slash.
  app.get('', (_request, reply) => reply.redirect(`${CONSOLE_BASE}/`, 308));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? CONSOLE_BASE;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isConsoleApi(pathname) && !looksLikeFile(pathname);
    if (!isPage) {
      const response = notFoundResponse();
      return reply.code(response.status).send(response.body);
    }
    if (!built) {
      return reply.code(503).send({
        code: Code.INTERNAL_ERROR,
        message: `The operator console is not built. Run \`npm run build\`; its API under ${CONSOLE_API_PREFIX} works.`,
        data: null,
      });
    }
    return sendIndex(reply);
  });
}

export default async function consoleWebPlugin(app: AppInstance): Promise<void> {
  await app.register(consoleWebScope, { prefix: CONSOLE_BASE });
}
