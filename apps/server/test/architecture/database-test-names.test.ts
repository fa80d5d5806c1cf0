import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseTestName, serverFile, serverTestFiles, usesDatabase } from './database-test-files.js';

/**
 * server-pg runs only `*.db.test.ts` and `*.pg.test.ts` (vitest.config.ts). A file that uses the
 * test database under any other name would run on PGlite alone and its PostgreSQL run would be
 * lost without a trace; a file named so that never touches one would run twice for nothing.
 */
describe('server test file names say whether they use the test database', () => {
  it('every file that uses it is named *.db.test.ts or *.pg.test.ts, and no other file is', () => {
    const misnamed = serverTestFiles()
      .filter((file) => usesDatabase(serverFile(file)) !== isDatabaseTestName(file))
      .map((file) => (isDatabaseTestName(file) ? `${file}: uses no test database` : `${file}: uses the test database`));
    expect(misnamed).toEqual([]);
  });

  describe('tells them apart', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-db-names-'));
    const helpers = path.relative(dir, serverFile('test/helpers'));
    const probe = (name: string, source: string): string => {
      const file = path.join(dir, name);
      writeFileSync(file, source);
      return file;
    };
    const result = (file: string) => usesDatabase(file);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('through the test app, a kit that wraps it, the pg driver or the database URL', () => {
      expect(result(probe('a.test.ts', `import { createTestApp } from '${helpers}/test-app.js';\n`))).toBe(true);
      probe('kit.ts', `export { createTestApp as start } from '${helpers}/test-app.js';\n`);
      expect(result(probe('b.test.ts', `import { start } from './kit.js';\n`))).toBe(true);
      expect(result(probe('c.test.ts', `import pg from 'pg';\n`))).toBe(true);
      expect(result(probe('d.test.ts', `const url = process.env.${'TEST_'}DATABASE_URL;\n`))).toBe(true);
    });

    it('but not a unit test, nor one that opens its own PGlite', () => {
      expect(result(probe('e.test.ts', `import { describe } from 'vitest';\n`))).toBe(false);
      expect(result(probe('f.test.ts', `import { PGlite } from '@electric-sql/pglite';\n`))).toBe(false);
    });
  });
});
