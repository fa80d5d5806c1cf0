/**
 * What a purge names: a media path prefix that stopped being served, either one episode's
 * directory (`episodes/<slug>/<dir>`, replaced or deleted) or a whole drama (`episodes/<slug>`,
 * unpublished). Each CDN adapter turns it into its own form: an invalidation path, a URL prefix,
 * a surrogate key.
 */
const SCOPE_RE = /^episodes\/[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)?$/;

export function isPurgeScope(scope: string): boolean {
  return SCOPE_RE.test(scope);
}

/** Every episode directory of the drama `slug`. */
export function dramaScope(slug: string): string {
  const scope = `episodes/${slug}`;
  if (!isPurgeScope(scope)) throw new RangeError(`not a drama slug: ${JSON.stringify(slug)}`);
  return scope;
}

/** The surrogate key deploy/cdn/fastly.vcl tags a scope's answers with: `<slug>.<dir>` or `<slug>`. */
export function scopeKey(scope: string): string {
  return scope.slice('episodes/'.length).replace('/', '.');
}
