import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderConfigTable, renderEnvExample } from '../config-docs.js';
import { repoRoot } from '../paths.js';

// Rewrites the environment table of the root README.md (the one a newcomer reads) from `configDocs`.
const readmePath = join(repoRoot, 'README.md');
const markers = /(<!-- config-table:start -->\n)[\s\S]*?(<!-- config-table:end -->)/;
const readme = readFileSync(readmePath, 'utf8');
if (!markers.test(readme)) throw new Error(`${readmePath} has no config-table markers`);
writeFileSync(
  readmePath,
  readme.replace(markers, (_match, start: string, end: string) => `${start}\n${renderConfigTable()}\n\n${end}`),
);
process.stdout.write(`updated ${readmePath}\n`);

const envExamplePath = join(repoRoot, '.env.example');
writeFileSync(envExamplePath, renderEnvExample());
process.stdout.write(`updated ${envExamplePath}\n`);
