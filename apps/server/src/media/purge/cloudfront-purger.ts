import type * as CloudFrontSdk from '@aws-sdk/client-cloudfront';
import type { CloudFrontClient, CloudFrontClientConfig } from '@aws-sdk/client-cloudfront';
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

type Sdk = typeof CloudFrontSdk;

/**
 * CreateInvalidation through the official SDK (SigV4, the XML body, CloudFront's errors). The SDK
 * tries each request once: the job's retries, with their backoff, are the only ones. It is loaded
 * at the first purge, not with the server: importing it costs every process 150 ms at start.
 */
export class CloudFrontPurger implements EdgePurger {
  readonly provider = 'cloudfront';
  private sdk: Promise<{ sdk: Sdk; client: CloudFrontClient }> | undefined;

  constructor(private readonly options: CloudFrontPurgerOptions) {}

  private load(): Promise<{ sdk: Sdk; client: CloudFrontClient }> {
    this.sdk ??= import('@aws-sdk/client-cloudfront').then((sdk) => ({
      sdk,
      client: new sdk.CloudFrontClient({
        // CloudFront's API is global, signed for us-east-1.
        region: 'us-east-1',
        maxAttempts: 1,
        ...(this.options.endpoint ? { endpoint: this.options.endpoint } : {}),
        ...(this.options.credentials ? { credentials: this.options.credentials } : {}),
      }),
    }));
    return this.sdk;
  }

  async purge(scopes: readonly string[], { reference, signal }: EdgePurgeOptions): Promise<EdgePurgeResult> {
    const { sdk, client } = await this.load();
    const paths = invalidationPaths(scopes);
    const ids: string[] = [];
    for (let start = 0; start < paths.length; start += MAX_WILDCARD_PATHS) {
      const items = paths.slice(start, start + MAX_WILDCARD_PATHS);
      const part = start / MAX_WILDCARD_PATHS;
      const command = new sdk.CreateInvalidationCommand({
        DistributionId: this.options.distributionId,
        InvalidationBatch: {
          // The same reference and paths on a retry: CloudFront answers the invalidation it already has.
          CallerReference: part === 0 ? reference : `${reference}.${part}`,
          Paths: { Quantity: items.length, Items: items },
        },
      });
      try {
        const answer = await client.send(command, { abortSignal: signal });
        ids.push(answer.Invalidation?.Id ?? '');
      } catch (error) {
        if (error instanceof sdk.CloudFrontServiceException) {
          throw new EdgePurgeError('cloudfront', error.$metadata.httpStatusCode ?? 0, `${error.name}: ${error.message}`);
        }
        throw error;
      }
    }
    return { requests: ids.length, ids };
  }
}
