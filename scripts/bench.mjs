// `npm run bench`: install if needed, build the web app if stale, then run e2e/bench/run.ts.
import { ensureDependencies, ensureWebBuild, run } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
run(process.execPath, ['--import', 'tsx', 'e2e/bench/run.ts']);
