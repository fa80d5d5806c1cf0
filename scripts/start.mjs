// `npm start`: install if needed, build the web app and the console if stale, then run the server
// (it migrates the database at boot). Embedded defaults: PGlite in ./data, port 8080.
import { spawn } from 'node:child_process';
import { ensureConsoleBuild, ensureDependencies, ensureWebBuild, root } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
ensureConsoleBuild();

// A person reads this terminal: one readable line per event (the sign-in code among them) instead of JSON.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { LOG_FORMAT: 'pretty', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
