import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * PGlite's `query` sends every statement as an unnamed Parse, so PostgreSQL parses and plans it
 * again on each call, and drizzle's `.prepare(name)` changes nothing there. In WebAssembly that is
 * most of a hot query's cost: a drama page's viewer facts took 1.15 ms planned each time and
 * 0.35 ms as an EXECUTE of a prepared statement on the same data. (node-postgres already prepares
 * named statements per connection.)
 *
 * This client stands in for the PGlite instance under drizzle: the second time a statement text
 * runs it is prepared once under a name (Parse + Describe), and from then on each run is one
 * Bind/Describe/Execute/Sync message, under the same locks PGlite's own `query` takes. Results,
 * parsers and errors are PGlite's own. One-off texts (a first run, or past the cap) take
 * PGlite's ordinary path.
 */

/** Statements kept prepared; PGlite is one backend, so this bounds its plan cache. */
const MAX_PREPARED = 500;
/** Texts remembered while they wait for their second run; cleared when full. */
const MAX_SEEN = 5_000;

interface PreparedStatement {
  name: string;
  paramTypes: number[];
}

type Runner = Pick<PGlite, '_runExclusiveQuery' | 'execProtocol' | 'serializers' | 'parsers'>;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A parameter of a type PGlite has no serializer for, as text (objects as JSON). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

type AllParsers = Runner['parsers'];

class StatementCache {
  private readonly prepared = new Map<string, PreparedStatement>();
  private readonly seen = new Set<string>();

  /** Whether `text` should run as a named statement (its second run onwards, within the cap). */
  wants(text: string): boolean {
    if (this.prepared.has(text)) return true;
    if (this.prepared.size >= MAX_PREPARED) return false;
    if (this.seen.has(text)) return true;
    if (this.seen.size >= MAX_SEEN) this.seen.clear();
    this.seen.add(text);
    return false;
  }

  /** Prepares `text` unless it is; must run under PGlite's query lock. */
  async statement(runner: Runner, text: string): Promise<PreparedStatement> {
    const known = this.prepared.get(text);
    if (known) return known;
    const name = `ch_s${this.prepared.size + 1}`;
    const { messages } = await runner.execProtocol(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(text, statement);
    this.seen.delete(text);
    return statement;
  }

  /** Binds and executes a prepared statement; must run under PGlite's query lock. */
  async run<T>(runner: Runner, text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const { name, paramTypes } = await this.statement(runner, text);
    // As PGlite's own query serialises them: by the parameter's type, else as text.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? runner.serializers[type];
      return serializer ? serializer(value) : textOf(value);
    });
    const { messages } = await runner.execProtocol(
      concat([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!options?.parsers) return parse.parseResults(messages, runner.parsers, options)[0] as Results<T>;
    // PGlite's result parser copies its ~300 default parsers and the query's own into a new
    // object whenever a query brings parsers, and drizzle brings them on every query: about
    // 0.1 ms a statement, more than a prepared statement's own run. The query's few parsers in
    // front of the defaults on the prototype chain give the same lookups for a microsecond.
    const parsers = Object.assign(Object.create(runner.parsers) as AllParsers, options.parsers);
    return parse.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }
}

/** What drizzle's PGlite driver calls on its client: `query` and `transaction`. */
export interface PgliteQueryClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: PgliteQueryClient) => Promise<T>): Promise<T>;
}

/** Statements inside a transaction: the transaction already holds PGlite's transaction lock. */
function transactionClient(pg: PGlite, tx: Transaction, cache: StatementCache): PgliteQueryClient {
  return {
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      if (options?.blob || !cache.wants(text)) return tx.query<T>(text, params, options);
      return pg._runExclusiveQuery(() => cache.run<T>(pg, text, params, options));
    },
    transaction: () => Promise.reject(new Error('nested transactions use savepoints')),
  };
}

export function preparingClient(pg: PGlite): PgliteQueryClient {
  const cache = new StatementCache();
  return {
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      if (options?.blob || !cache.wants(text)) return pg.query<T>(text, params, options);
      return pg._runExclusiveTransaction(async () => {
        const result = await pg._runExclusiveQuery(() => cache.run<T>(pg, text, params, options));
        // Outside a transaction PGlite writes its files after every statement, as here.
        await pg.syncToFs();
        return result;
      });
    },
    transaction<T>(fn: (tx: PgliteQueryClient) => Promise<T>) {
      return pg.transaction((tx) => fn(transactionClient(pg, tx, cache)));
    },
  };
}
