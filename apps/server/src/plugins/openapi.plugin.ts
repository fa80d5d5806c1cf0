import { API_PREFIX, APP_VERSION } from '@cliffhanger/contract';
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppInstance } from '../app-instance.js';

/**
 * The OpenAPI document of the viewers' API, built from the same zod schemas that validate requests. Registered
 * before any route: @fastify/swagger collects routes as they are added.
 */
async function openapiPlugin(app: AppInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: app.config.appName,
        version: APP_VERSION,
        description: `HTTP API of ${app.config.appName}. Every answer is the envelope {code, message, data}.`,
      },
      servers: [{ url: app.config.publicBaseUrl }],
    },
    // The operator console's API is not the viewers' API: it is typed by its own contract, may sit
    // on a listener of its own off the internet, and has no place in the public document.
    transform: (route) =>
      route.url.startsWith('/console')
        ? { schema: { ...route.schema, hide: true }, url: route.url }
        : jsonSchemaTransform(route),
  });

  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, () => app.swagger());
}

export default fp(openapiPlugin, { name: 'openapi' });
