import { CONSOLE_API_PREFIX } from '@cliffhanger/contract/console';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AppInstance } from '../../src/app-instance.js';
import { operatorAuditLog } from '../../src/db/schema.js';
import { consoleHeaders, type ConsoleOperator } from './console-operator.js';
import { multipartBody } from './multipart.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Console API calls as `operator`: reads with the session cookie, writes with the CSRF header too. */
export function consoleCaller(app: AppInstance, operator: Pick<ConsoleOperator, 'cookie'>) {
  const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;
  return {
    get: (path: string): Promise<LightMyRequestResponse> =>
      app.inject({ method: 'GET', url: url(path), headers: { cookie: operator.cookie } }),
    send: (method: Method, path: string, payload?: object): Promise<LightMyRequestResponse> =>
      app.inject({ method, url: url(path), headers: consoleHeaders(operator), ...(payload ? { payload } : {}) }),
    /** One file in the multipart field `file`. */
    upload: (path: string, bytes: Buffer, filename: string, contentType: string): Promise<LightMyRequestResponse> => {
      const body = multipartBody([{ field: 'file', filename, contentType, bytes }]);
      return app.inject({
        method: 'PUT',
        url: url(path),
        headers: { ...consoleHeaders(operator), ...body.headers },
        payload: body.payload,
      });
    },
  };
}

/** The audit entries about `target` (`drama:7`), oldest first. */
export function auditOf(app: AppInstance, target: string) {
  return app.database.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.target, target))
    .orderBy(asc(operatorAuditLog.id));
}
