import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverFile, serverTestFiles } from './database-test-files.js';

/**
 * The server projects run with `isolate: false` (vitest.config.ts): the test files of a worker share
 * one module graph. That is only sound while no file changes what a module is for the files after it:
 * a module mock, a stubbed global or environment variable, or an environment variable written by hand
 * would leak into whichever file the worker runs next.
 */
const LEAKS = [
  { what: 'a module mock', pattern: /\bvi\.(?:mock|doMock|hoisted)\(/ },
  { what: 'a stubbed global or environment variable', pattern: /\bvi\.stub(?:Global|Env)\(/ },
  {
    what: 'an environment variable written',
    pattern: /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|\bdelete\s+process\.env\b/,
  },
];

function leaksOf(source: string): string[] {
  return LEAKS.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);
}

describe('server test files leave the shared module graph as they found it', () => {
  it('no file mocks a module, stubs a global or the environment, or writes an environment variable', () => {
    const leaking = serverTestFiles().flatMap((file) =>
      leaksOf(readFileSync(serverFile(file), 'utf8')).map((what) => `${file}: ${what}`),
    );
    expect(leaking).toEqual([]);
  });

  it('recognises each of them', () => {
    // Written in pieces, so that this file is not itself one of the files it finds.
    expect(leaksOf(`vi.${'mock'}('../src/db/database.js');`)).toEqual(['a module mock']);
    expect(leaksOf(`vi.${'stubEnv'}('REDIS_URL', '');`)).toEqual(['a stubbed global or environment variable']);
    expect(leaksOf(`process.env.REDIS_URL ${'='} '';`)).toEqual(['an environment variable written']);
    expect(leaksOf(`process.env['X'] ${'='} '1';`)).toEqual(['an environment variable written']);
    expect(leaksOf(`${'delete'} process.env.X;`)).toEqual(['an environment variable written']);
    expect(leaksOf(`if (process.env.X === '1') vi.useFakeTimers();`)).toEqual([]);
  });
});
