import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { HLS_NEW_WORKER, handHlsItsWorker } from './hand-hls-its-worker';

const hlsLight = createRequire(import.meta.url).resolve('hls.js/dist/hls.light.mjs');

type Transformed = { code: string } | null;

/** The plugin's transform hook, called as the bundler calls it (it uses nothing of its context). */
function transform(code: string, id: string): Transformed {
  const hook = handHlsItsWorker().transform as unknown as (this: unknown, code: string, id: string) => Transformed;
  return hook.call({}, code, id);
}

describe('handHlsItsWorker', () => {
  it("makes the installed hls.js's loadWorker take the started worker before it starts one", () => {
    const result = transform(readFileSync(hlsLight, 'utf8'), hlsLight);
    const code = result?.code ?? '';
    expect(code).toContain('const worker = takeStartedHlsWorker(scriptURL) ?? new self.Worker(scriptURL);');
    expect(code).not.toContain(HLS_NEW_WORKER);
    expect(code.split('\n')[0]).toMatch(
      /^import \{ takeStartedHlsWorker \} from ".*[\\/]lib[\\/]player[\\/]hls-worker\.ts";$/,
    );
  });

  it('rewrites it as the dev server names it too (with a version query)', () => {
    const result = transform(readFileSync(hlsLight, 'utf8'), `${hlsLight}?v=b88f40b2`);
    expect(result?.code).toContain('takeStartedHlsWorker(scriptURL) ?? new self.Worker(scriptURL)');
  });

  it('fails the build when hls.js no longer has that line, or has it twice', () => {
    expect(() => transform('function loadWorker(path) {}', hlsLight)).toThrow(/expected exactly one/);
    expect(() => transform(`${HLS_NEW_WORKER}\n${HLS_NEW_WORKER}`, hlsLight)).toThrow(/expected exactly one/);
  });

  it('leaves every other module alone', () => {
    expect(transform(HLS_NEW_WORKER, '/x/node_modules/hls.js/dist/hls.mjs')).toBeNull();
    expect(transform(HLS_NEW_WORKER, '/x/src/lib/player/hls.ts')).toBeNull();
  });
});
