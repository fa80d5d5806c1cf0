import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../src/paths.js';

/**
 * The server's import arrows point down (docs/architecture.md#server-layering): services import
 * nothing of jobs/, plugins/, routes/ or the app (app.ts, app-instance.ts); http/ imports nothing
 * of the app; the wallet services never see a session token, and neither do the statements they
 * run. Checked on every source file under apps/server/src, type-only imports included, and on
 * probe files that break and keep each rule, so a rule that no longer matches anything fails too.
 */
const SRC = join(serverRoot, 'src');

interface Rule {
  name: string;
  /** Files (relative to src/, with `/`) the rule applies to. */
  from: RegExp;
  /** Imported files (relative to src/) those may not import. */
  forbidden: RegExp;
}

const RULES: readonly Rule[] = [
  {
    name: 'services import no jobs/, plugins/, routes/ or app*.ts',
    from: /^services\//,
    forbidden: /^(?:jobs\/|plugins\/|routes\/|app[^/]*\.ts$)/,
  },
  {
    name: 'http/ imports neither app.ts nor app-instance.ts',
    from: /^http\//,
    forbidden: /^app(?:-instance)?\.ts$/,
  },
  {
    // The auth layer resolves the session; the wallet acts for the user id it is given.
    name: 'the wallet services import no session or token code',
    from: /^services\/wallet\//,
    forbidden:
      /^(?:services\/auth\/|http\/(?:auth-header|auth-context|signed-in)\.ts$|lib\/tokens\.ts$|repositories\/(?:sessions\.repository|presented-session)\.ts$|db\/auth\.schema\.ts$)/,
  },
];

/** Every specifier of `import … from`, `export … from`, `import '…'` and `import('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The files a source text imports, relative to src/ (packages are left out). */
function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1]!;
    if (!specifier.startsWith('.')) continue;
    found.push(posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, '.ts'));
  }
  return found;
}

function violations(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    for (const rule of RULES) {
      if (!rule.from.test(file)) continue;
      for (const target of importsOf(file, text)) {
        if (rule.forbidden.test(target)) found.push(`${file} → ${target} (${rule.name})`);
      }
    }
  }
  return found;
}

function sourceFiles(dir = SRC): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      for (const [file, text] of sourceFiles(path)) files.set(file, text);
    } else if (entry.name.endsWith('.ts')) {
      files.set(relative(SRC, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  }
  return files;
}

/** A probe file: one import of `specifier` from `file`. */
const probe = (file: string, specifier: string) =>
  new Map([[file, `import type { X } from '${specifier}';\nexport type Y = X;\n`]]);

describe('import directions on the server', () => {
  const files = sourceFiles();

  it('reads the whole source tree, type-only imports included', () => {
    expect(files.size).toBeGreaterThan(200);
    expect(importsOf('routes/unlock.routes.ts', files.get('routes/unlock.routes.ts')!)).toContain('app-instance.ts');
    expect(importsOf('services/wallet/unlock.service.ts', files.get('services/wallet/unlock.service.ts')!)).toContain(
      'repositories/unlock-context.repository.ts',
    );
  });

  it('holds for every file', () => {
    expect(violations(files)).toEqual([]);
  });

  it.each([
    ['a service → jobs/', 'services/oauth/probe.ts', '../../jobs/jobs.js'],
    ['a service → a plugin', 'services/probe.ts', '../plugins/auth.plugin.js'],
    ['a service → a route', 'services/social/probe.ts', '../../routes/social.routes.js'],
    ['a service → app-instance.ts', 'services/probe.ts', '../app-instance.js'],
    ['a service → app.ts', 'services/catalog/probe.ts', '../../app.js'],
    ['http/ → app-instance.ts', 'http/probe.ts', '../app-instance.js'],
    ['http/ → app.ts', 'http/probe.ts', '../app.js'],
    ['the wallet → the session service', 'services/wallet/probe.ts', '../auth/session.service.js'],
    ['the wallet → token hashing', 'services/wallet/probe.ts', '../../lib/tokens.js'],
    ['the wallet → the signed-in request', 'services/wallet/probe.ts', '../../http/signed-in.js'],
    ['the wallet → the sessions repository', 'services/wallet/probe.ts', '../../repositories/sessions.repository.js'],
    ['the wallet → the presented session', 'services/wallet/probe.ts', '../../repositories/presented-session.js'],
  ])('refuses %s', (_name, file, specifier) => {
    expect(violations(probe(file, specifier))).toHaveLength(1);
  });

  it.each([
    ['a service → the jobs it sends', 'services/oauth/probe.ts', '../jobs.js'],
    ['jobs/ → the services', 'jobs/probe.ts', '../services/jobs.js'],
    ['a plugin → app-instance.ts', 'plugins/probe.ts', '../app-instance.js'],
    ['http/ → http/', 'http/probe.ts', './envelope.js'],
    ['the wallet → a service error', 'services/wallet/probe.ts', '../../http/envelope.js'],
    ['the wallet → its repositories', 'services/wallet/probe.ts', '../../repositories/wallet-users.repository.js'],
  ])('allows %s', (_name, file, specifier) => {
    expect(violations(probe(file, specifier))).toEqual([]);
  });

  it('keeps the session out of the statements the wallet services run', () => {
    const walletFiles = [...files].filter(([file]) => file.startsWith('services/wallet/'));
    const repositories = new Set(
      walletFiles.flatMap(([file, text]) => importsOf(file, text)).filter((target) => target.startsWith('repositories/')),
    );
    expect(repositories).toContain('repositories/unlock-context.repository.ts');
    const reading = [...repositories].filter((file) => {
      const text = files.get(file) ?? '';
      return /\b(?:FROM|JOIN)\s+sessions\b/i.test(text) || importsOf(file, text).some((t) => /session/.test(t));
    });
    expect(reading).toEqual([]);
  });
});
