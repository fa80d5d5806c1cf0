import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/paths.js';

/**
 * The import boundaries `npm run check` enforces (eslint.config.mjs), each checked on a probe
 * file that breaks it and on one that keeps it, so a config change that silently drops a zone
 * fails here. Only `no-restricted-imports` runs, without type information (the probes are text).
 */
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function restricted(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as probe from '${specifier}';\nexport const used = probe;\n`, {
    filePath: join(repoRoot, file),
  });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    [
      'a service outside the wallet → a wallet repository',
      'apps/server/src/services/rewards/probe.ts',
      '../../repositories/wallet-users.repository.js',
      /wallet services/,
    ],
    [
      'a payment service → the wallet tables',
      'apps/server/src/services/payments/probe.ts',
      '../../db/wallet.schema.js',
      /wallet services/,
    ],
    [
      'a route → a repository',
      'apps/server/src/routes/probe.ts',
      '../repositories/dramas.repository.js',
      /only repositories speak SQL/,
    ],
    ['a route → the wallet tables', 'apps/server/src/routes/probe.ts', '../db/wallet.schema.js', /wallet services/],
    ['lib/ → a service', 'apps/server/src/lib/probe.ts', '../services/user.service.js', /below the services/],
    ['http/ → a service', 'apps/server/src/http/probe.ts', '../services/user.service.js', /below the services/],
    [
      'a web feature → another feature',
      'apps/web/src/features/video/probe.ts',
      '../rewards/components/rewarded-ad-dialog',
      /./,
    ],
    ['a web feature → app/', 'apps/web/src/features/video/probe.ts', '../../app/routes', /./],
    ['the web → zod', 'apps/web/src/lib/probe.ts', 'zod', /zod/],
  ])('refuses %s', async (_name, file, specifier, message) => {
    const messages = await restricted(file, specifier);
    expect(messages).toContainEqual(expect.stringMatching(message));
  });

  it.each([
    [
      'the wallet service → its repositories',
      'apps/server/src/services/wallet/probe.ts',
      '../../repositories/wallet-users.repository.js',
    ],
    [
      'a service → a repository',
      'apps/server/src/services/rewards/probe.ts',
      '../../repositories/invites.repository.js',
    ],
    ['a route → a service', 'apps/server/src/routes/probe.ts', '../services/user.service.js'],
    ['a web feature → lib/', 'apps/web/src/features/video/probe.ts', '../../lib/player/use-hls-player'],
    ['a web feature → itself', 'apps/web/src/features/video/probe.ts', './player/preferences'],
  ])('allows %s', async (_name, file, specifier) => {
    expect(await restricted(file, specifier)).toEqual([]);
  });
});
