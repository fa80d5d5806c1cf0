import { CloudFrontClient, CloudFrontServiceException, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { CloudFrontClientConfig } from '@aws-sdk/client-cloudfront';
import { EdgePurgeError, type EdgePurgeOptions, type EdgePurgeResult, type EdgePurger } from './edge-purger.js';

/**
 * CloudFront allows 15 wildcard invalidation paths in progress per distribution: a larger request
 * folds the directories of a drama into the drama, and what is still more goes as several
 * invalidations (a refusal of the later ones fails the job, which is retried).
 */
const MAX_WILDCARD_PATHS = 15;

export interface CloudFrontPurgerOptions {
  distributionId: string;
  /** Undefined: AWS's endpoint. */
  endpoint?: string | undefined;
  /** Undefined: the SDK's default chain (AWS_* variables, shared config, the instance or task role). */
  credentials?: CloudFrontClientConfig['credentials'];
}

/** The scopes as invalidation paths, a drama's directories folded into it when there are too many. */
export function invalidationPaths(scopes: readonly string[]): string[] {
  const dramaOf = (scope: string) => scope.split('/').slice(0, 2).join('/');
  let list = [...new Set(scopes)];
  const dramas = new Set(list.filter((scope) => scope.split('/').length === 2));
  list = list.filter((scope) => dramas.has(scope) || !dramas.has(dramaOf(scope)));
  if (list.length > MAX_WILDCARD_PATHS) list = [...new Set(list.map(dramaOf))];
  // The cache key is the URI the function rewrote: `/episodes/<slug>/<dir>/<file>`.
  return list.map((scope) => `/${scope}/*`);
}

/**
 * CreateInvalidation through the official SDK (SigV4, the XML body, CloudFront's errors). The SDK
 * tries each request once: the job's retries, with their backoff, are the only ones.
 */
export class CloudFrontPurger implements EdgePurger {
  readonly provider = 'cloudfront';
  private readonly client: CloudFrontClient;

  constructor(private readonly options: CloudFrontPurgerOptions) {
    this.client = new CloudFrontClient({
      // CloudFront's API is global, signed for us-east-1.
      region: 'us-east-1',
      maxAttempts: 1,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  }

  async purge(scopes: readonly string[], { reference, signal }: EdgePurgeOptions): Promise<EdgePurgeResult> {
    const paths = invalidationPaths(scopes);
    const ids: string[] = [];
    for (let start = 0; start < paths.length; start += MAX_WILDCARD_PATHS) {
      const items = paths.slice(start, start + MAX_WILDCARD_PATHS);
      const part = start / MAX_WILDCARD_PATHS;
      const command = new CreateInvalidationCommand({
        DistributionId: this.options.distributionId,
        InvalidationBatch: {
          // The same reference and paths on a retry: CloudFront answers the invalidation it already has.
          CallerReference: part === 0 ? reference : `${reference}.${part}`,
          Paths: { Quantity: items.length, Items: items },
        },
      });
      try {
        const answer = await this.client.send(command, { abortSignal: signal });
        ids.push(answer.Invalidation?.Id ?? '');
      } catch (error) {
        if (error instanceof CloudFrontServiceException) {
          throw new EdgePurgeError('cloudfront', error.$metadata.httpStatusCode ?? 0, `${error.name}: ${error.message}`);
        }
        throw error;
      }
    }
    return { requests: ids.length, ids };
  }
}
