// `npm test`: every tier through Vitest (see vitest.config.ts). Extra arguments go to Vitest,
// e.g. `npm test -- --project server-pglite`.
import { ensureDependencies, run } from './lib.mjs';

ensureDependencies();
run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)]);
