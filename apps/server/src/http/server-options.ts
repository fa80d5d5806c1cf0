import type { ServerOptions } from 'node:http';
import type { ServerConfig } from '../config.js';

/** How often Node looks for connections past their header or request timeout. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Every timeout of an HTTP listener, including how often Node checks them (its default of 30 s
 * would let a slow client hold a connection half a minute past its timeout). The main listener
 * and the console's own one (CONSOLE_PORT) share them.
 */
export function httpServerOptions(
  config: Pick<ServerConfig, 'httpHeadersTimeoutS' | 'httpRequestTimeoutS' | 'httpKeepAliveTimeoutS'>,
): ServerOptions {
  return {
    headersTimeout: config.httpHeadersTimeoutS * 1000,
    requestTimeout: config.httpRequestTimeoutS * 1000,
    keepAliveTimeout: config.httpKeepAliveTimeoutS * 1000,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  };
}
