// `npm run serve | migrate` (and the compiled CLIs): runs apps/server/dist/<name>.js, the output of
// `npm run build`, with plain Node — production runs no TypeScript loader.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const [name] = process.argv.splice(2, 1);
const file = path.join(root, 'apps/server/dist', `${name}.js`);
if (!name || !existsSync(file)) {
  console.error(`apps/server/dist/${name ?? '<name>'}.js is missing: run \`npm run build\` first.`);
  process.exit(2);
}
// The command sees its own arguments as if it had been started directly.
process.argv[1] = file;
await import(pathToFileURL(file).href);
