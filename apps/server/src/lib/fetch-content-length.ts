import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';

/**
 * Node 20's built-in fetch appends its own Content-Length even when the caller set one, so a
 * request that sets it (arctic's token requests do) reaches the dispatcher as `86, 86`. Node's own
 * dispatcher reads the first number; the undici package's (which becomes the global dispatcher
 * once the package is imported, as the avatar download does) refuses the request as
 * "invalid content-length header". The fold below turns a repeated identical value back into one
 * and leaves every other header alone.
 */
export function foldContentLength(value: string): string {
  const parts = value.split(',').map((part) => part.trim());
  return parts.length > 1 && parts.every((part) => part === parts[0]) ? (parts[0] ?? value) : value;
}

function foldHeaders(headers: Dispatcher.DispatchOptions['headers']): Dispatcher.DispatchOptions['headers'] {
  if (Array.isArray(headers)) {
    // Flat [name, value, name, value, …] form.
    return headers.map((entry, index) =>
      index % 2 === 1 && headers[index - 1]?.toLowerCase() === 'content-length' ? foldContentLength(entry) : entry,
    );
  }
  if (headers === null || headers === undefined || typeof headers !== 'object' || Symbol.iterator in headers) {
    return headers;
  }
  const folded: Record<string, string | string[] | undefined> = { ...headers };
  for (const [name, value] of Object.entries(folded)) {
    if (name.toLowerCase() === 'content-length' && typeof value === 'string') folded[name] = foldContentLength(value);
  }
  return folded;
}

const FOLDING = Symbol.for('cliffhanger.fetch.foldContentLength');

/**
 * Makes the process-wide fetch dispatcher fold a doubled Content-Length (see above). Idempotent;
 * it keeps the dispatcher already installed and only adds the fold in front of it.
 */
export function foldDoubledContentLength(): void {
  const current = getGlobalDispatcher() as Dispatcher & { [FOLDING]?: true };
  if (current[FOLDING]) return;
  const base = typeof current.compose === 'function' ? current : new Agent();
  const folding = base.compose(
    (dispatch) => (options, handler) => dispatch({ ...options, headers: foldHeaders(options.headers) }, handler),
  ) as Dispatcher & { [FOLDING]?: true };
  folding[FOLDING] = true;
  setGlobalDispatcher(folding);
}
