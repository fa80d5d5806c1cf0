import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { precacheList } from './service-worker-build';

const chunk = (fileName: string, code: string) => ({ type: 'chunk', fileName, code }) as Rolldown.OutputChunk;
const asset = (fileName: string, source: string) => ({ type: 'asset', fileName, source }) as Rolldown.OutputAsset;

function bundle(appCode: string): Rolldown.OutputBundle {
  const outputs = [
    chunk('assets/boot-a1.js', appCode),
    chunk('sw.js', 'self.x=1'),
    asset('assets/boot-a1.js.map', '{}'),
    asset('assets/boot-b2.css', 'body{}'),
    asset('.vite/manifest.json', '{}'),
    asset('index.html', '<!doctype html>'),
  ];
  return Object.fromEntries(outputs.map((output) => [output.fileName, output]));
}

describe('precacheList', () => {
  const publicDir = mkdtempSync(join(tmpdir(), 'cliffhanger-public-'));
  mkdirSync(join(publicDir, 'icons'));
  writeFileSync(join(publicDir, 'manifest.webmanifest'), '{}');
  writeFileSync(join(publicDir, 'icons', 'icon-192.png'), 'png');
  afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

  it("lists index.html first, the build's files and the public files, without maps, records or the worker", () => {
    expect(precacheList(bundle('a'), publicDir).files).toEqual([
      '/index.html',
      '/assets/boot-a1.js',
      '/assets/boot-b2.css',
      '/icons/icon-192.png',
      '/manifest.webmanifest',
    ]);
  });

  it('changes its version when any file changes, and only then', () => {
    const first = precacheList(bundle('a'), publicDir).version;
    expect(precacheList(bundle('a'), publicDir).version).toBe(first);
    expect(precacheList(bundle('b'), publicDir).version).not.toBe(first);
  });
});
