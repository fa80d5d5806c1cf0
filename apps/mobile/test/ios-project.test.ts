import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const mobile = path.resolve(import.meta.dirname, '..');
const packageSwift = path.join(mobile, 'ios/App/CapApp-SPM/Package.swift');
const capCli = path.resolve(mobile, '../../node_modules/@capacitor/cli/bin/capacitor');

/**
 * `cap sync ios` = copy the web build + `cap update ios`, which writes the native plugin list
 * into the committed Swift package. Running the update here (no Xcode, no web build needed)
 * proves it works on Linux and that the committed project is what it produces: a plugin added
 * to package.json without a sync fails this test.
 */
describe('iOS project', () => {
  it('`cap update ios` succeeds and leaves the committed Package.swift unchanged', { timeout: 90_000 }, async () => {
    const before = readFileSync(packageSwift, 'utf8');
    await run(process.execPath, [capCli, 'update', 'ios'], { cwd: mobile, timeout: 80_000 });
    expect(readFileSync(packageSwift, 'utf8')).toBe(before);
  });

  it('lists every Capacitor plugin the shell depends on', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(mobile, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const plugins = Object.keys(dependencies).filter((name) => !['@capacitor/core', '@capacitor/ios'].includes(name));
    const swift = readFileSync(packageSwift, 'utf8');
    for (const name of plugins) expect(swift).toContain(`node_modules/${name}"`);
  });
});
