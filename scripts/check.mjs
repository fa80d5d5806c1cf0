// `npm run check`: the type check (tsc -b), ESLint and knip, side by side (each is one process on
// one core), each one's output printed whole when it ends; fails if any of them fails.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const checks = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/']],
  ['knip', 'npx', ['knip', '--no-progress']],
];

function runCheck([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)${output.trim() ? `\n${output.trimEnd()}` : ''}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(runCheck));
if (results.includes(false)) process.exit(1);
