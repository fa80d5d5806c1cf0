import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const mobile = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(mobile, '../..');
const ios = path.join(mobile, 'ios');
const packageSwift = path.join(ios, 'App/CapApp-SPM/Package.swift');
const infoPlist = path.join(ios, 'App/App/Info.plist');
const capCli = path.join(repoRoot, 'node_modules/@capacitor/cli/bin/capacitor');
/** capacitor.config.ts `webDir`: the app's web build (npm run mobile:sync makes it). */
const webDir = path.join(mobile, 'www');
/** Where `cap sync` copies it inside the iOS project. */
const copiedWeb = path.join(ios, 'App/App/public');

/** What `cap sync` writes and git ignores (ios/.gitignore): everything else under ios/ is committed. */
const GENERATED = [
  'App/App/public',
  'App/App/capacitor.config.json',
  'App/App/config.xml',
  'App/build',
  'App/Pods',
  'App/output',
  'App/CapApp-SPM/Packages',
];
const SCRATCH = new Set(['DerivedData', 'xcuserdata', '.build', '.swiftpm', 'capacitor-cordova-ios-plugins', '.DS_Store']);

/** Every committed file of the iOS project with its bytes. */
function committedProject(dir = ios, relative = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    if (SCRATCH.has(entry.name) || GENERATED.includes(rel)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [name, bytes] of committedProject(full, rel)) files.set(name, bytes);
    else files.set(rel, readFileSync(full).toString('base64'));
  }
  return files;
}

const gitignoreLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

/**
 * `cap sync ios` = copy the web build into the project + `cap update ios`, which writes the
 * native plugin list into the committed Swift package. Running the real sync here (no Xcode
 * needed) proves it works on Linux and that the committed project is what it produces: a plugin
 * added to package.json without a sync, or a project edited by hand in a way the sync undoes,
 * fails this test.
 */
describe('iOS project', () => {
  it('`cap sync ios` copies the web build and leaves every committed file unchanged', { timeout: 240_000 }, async () => {
    // The app's build, made here when missing (a fresh checkout): a few seconds with Vite.
    if (!existsSync(path.join(webDir, 'index.html'))) {
      await run('npm', ['run', 'build:app', '-w', 'apps/web'], {
        cwd: repoRoot,
        timeout: 180_000,
        env: { ...process.env, VITE_API_ORIGIN: 'https://api.cliffhanger.test' },
      });
    }
    const before = committedProject();
    expect(before.has('App/CapApp-SPM/Package.swift')).toBe(true);

    await run(process.execPath, [capCli, 'sync', 'ios'], { cwd: mobile, timeout: 50_000 });

    expect(committedProject()).toEqual(before);
    // The copy happened: the app starts on the build's index.html, with the shell's config beside it.
    expect(readFileSync(path.join(copiedWeb, 'index.html'), 'utf8')).toBe(readFileSync(path.join(webDir, 'index.html'), 'utf8'));
    const written = JSON.parse(readFileSync(path.join(ios, 'App/App/capacitor.config.json'), 'utf8')) as { appId: string };
    expect(written.appId).toBe(process.env.MOBILE_APP_ID ?? 'com.cliffhanger.app');
  });

  it('keeps the web builds out of git', () => {
    expect(gitignoreLines(path.join(ios, '.gitignore'))).toEqual(
      expect.arrayContaining(['App/App/public', 'App/App/capacitor.config.json']),
    );
    expect(gitignoreLines(path.join(mobile, '.gitignore'))).toContain('/www/');
  });

  it('lists every Capacitor plugin the shell depends on', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(mobile, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const plugins = Object.keys(dependencies).filter((name) => !['@capacitor/core', '@capacitor/ios'].includes(name));
    const swift = readFileSync(packageSwift, 'utf8');
    for (const name of plugins) expect(swift).toContain(`node_modules/${name}"`);
  });

  it('registers the URL scheme the web app hands sign-ins back through', () => {
    const source = readFileSync(path.join(repoRoot, 'apps/web/src/lib/native-shell.ts'), 'utf8');
    const scheme = /const APP_URL_SCHEME = '([a-z][a-z0-9+.-]*)'/.exec(source)?.[1];
    expect(scheme).toBeDefined();
    const schemes = /<key>CFBundleURLSchemes<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(readFileSync(infoPlist, 'utf8'))?.[1] ?? '';
    expect(schemes).toContain(`<string>${scheme}</string>`);
  });
});
