// `npm run bench [-- reads|writes|console|uploads|reports|media|scale]`: install if needed, build the web app if stale (the reads
// section loads it in Chromium), then run e2e/bench/run.ts with the sections asked for.
import { ensureDependencies, ensureWebBuild, run } from './lib.mjs';

const sections = process.argv.slice(2);
ensureDependencies();
if (sections.length === 0 || sections.includes('reads')) ensureWebBuild();
run(process.execPath, ['--import', 'tsx', 'e2e/bench/run.ts', ...sections]);
