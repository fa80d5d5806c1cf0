// Compiles the server and its commands to plain JavaScript in apps/server/dist, so production runs
// `node` alone: no TypeScript loader. The workspace's own packages (the contract) are TypeScript
// sources and are bundled in; every other package stays an import resolved from node_modules.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const server = path.join(root, 'apps/server');
const outdir = path.join(server, 'dist');

/** Bare imports other than the workspace's packages are left to Node. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cliffhanger/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(server, 'src/main.ts'),
    worker: path.join(server, 'src/worker.ts'),
    migrate: path.join(server, 'src/cli/migrate.ts'),
    catalog: path.join(server, 'src/cli/catalog.ts'),
    wallet: path.join(server, 'src/cli/wallet.ts'),
    console: path.join(server, 'src/cli/console.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // dist/ sits beside src/ at the same depth, so paths.ts finds the same folders from either.
  chunkNames: 'chunk-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
console.log(`Server compiled to ${path.relative(root, outdir)}/`);
