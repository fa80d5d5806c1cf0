import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { repoRoot } from '../support/server-process.js';

/** Where the bare page lives inside the bench's copy of the web build. */
export const BARE_PAGE_PATH = '/bench-bare/index.html';
/**
 * The same page for Lighthouse: its video also shows the poster given in the query, as the
 * video page shows the drama's poster, so the page has a largest contentful paint to measure
 * (a video's frames are not one) and its score can stand beside the video page's.
 */
export const BARE_LIGHTHOUSE_PAGE_PATH = '/bench-bare/lighthouse.html';

/**
 * The comparator of the first-frame goal: the least a page can do to play our stream, i.e. an
 * HTML file, the hls.js light build from node_modules with its default settings, and the signed
 * master playlist it is given in the query (obtained through the play API by the bench, as the
 * app obtains it). Scripts are files, not inline, so the server's CSP applies to it unchanged.
 * The video carries the attributes the app's player has, so one clock serves both pages.
 */
const bareHtml = (body: string): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>bare hls.js</title>
    <script src="/bench-bare/hls.light.min.js" defer></script>
    <script src="/bench-bare/bare.js" defer></script>
  </head>
  <body style="margin:0;background:#000">
    <video data-testid="video-player" muted playsinline autoplay style="width:100vw;height:100vh"></video>${body}
  </body>
</html>
`;

/** Runs before the deferred scripts, so the poster is asked for as early as the HTML allows. */
const POSTER_JS = `document.querySelector('video').poster = new URLSearchParams(location.search).get('poster') || '';
`;

const BARE_JS = `(function () {
  var params = new URLSearchParams(location.search);
  var video = document.querySelector('video');
  video.dataset.episodeId = params.get('episode_id');
  var hls = new Hls();
  hls.loadSource(params.get('src'));
  hls.attachMedia(video);
  video.play().catch(function () {});
})();
`;

function writeCompressed(file: string, bytes: Buffer): void {
  writeFileSync(file, bytes);
  // As the web build does for its own files (apps/web/vite.config.ts), so both pages get brotli.
  writeFileSync(`${file}.br`, brotliCompressSync(bytes));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * A temporary copy of apps/web/dist with the bare page added, for the bench's server to serve as
 * its WEB_DIST_DIR: the same process, origin and static file handling serve the app and the bare
 * page, and no route for the bench exists in the product. Returns the directory and its cleanup.
 */
export function webDistWithBarePage(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-bench-dist-'));
  cpSync(path.join(repoRoot, 'apps', 'web', 'dist'), dir, { recursive: true });
  const bare = path.join(dir, 'bench-bare');
  mkdirSync(bare);
  writeFileSync(path.join(bare, 'index.html'), bareHtml(''));
  writeFileSync(path.join(bare, 'lighthouse.html'), bareHtml('\n    <script src="/bench-bare/poster.js"></script>'));
  writeFileSync(path.join(bare, 'poster.js'), POSTER_JS);
  writeFileSync(path.join(bare, 'bare.js'), BARE_JS);
  const hls = path.join(repoRoot, 'node_modules', 'hls.js', 'dist', 'hls.light.min.js');
  writeCompressed(path.join(bare, 'hls.light.min.js'), readFileSync(hls));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
