import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFfmpegTools, type MediaTools } from '../catalog-import/media-tools.js';
import { BANNER_SIZE, POSTER_SIZE } from '../catalog-import/prepare-artwork.js';
import { cuesToWebVtt } from '../media/subtitles/to-webvtt.js';
import { runMain } from '../config.js';
import { serverRoot } from '../paths.js';
import { DEMO_DRAMAS, type DemoDrama } from './demo-dramas.js';
import { renderClip, renderStill, type Renderer } from './demo-render.js';
import { cuesOf, toSrt } from './demo-subtitles.js';

/**
 * `npm run demo:generate -w apps/server`: synthesises the demo catalogue into apps/server/demo —
 * 12 dramas of 4–6 six-second episodes (graded generator scenes, one mood per drama, no text in
 * the picture), transcoded by the real pipeline (compact rate mode) into prebuilt HLS folders,
 * with zh/en/tr subtitles, text-free posters and banners and manifest.json. Importing that
 * manifest needs no ffmpeg, which is what lets a fresh clone show a catalogue.
 */

const DEMO_DIR = join(serverRoot, 'demo');
/** The issue allows 20 MB of committed media; stay well below. */
const BUDGET_BYTES = 15 * 1024 * 1024;
/** Buying every locked episode at once costs about this share of buying them one by one. */
const ALL_EPISODES_DISCOUNT = 0.7;

function allPrice(drama: DemoDrama): number {
  const locked = drama.episodes.length - drama.freeEpisodes;
  return Math.round((locked * drama.episodePrice * ALL_EPISODES_DISCOUNT) / 5) * 5;
}

async function generateEpisode(drama: DemoDrama, n: number, out: string, r: Renderer, tools: MediaTools) {
  const clip = join(r.workDir, `${drama.slug}-${n}.mp4`);
  await renderClip(r, clip, drama.scene, drama.colors, n, drama.toneHz);
  const hlsDir = join(out, drama.slug, String(n));
  await tools.transcode(clip, hlsDir);
  await rm(clip);

  const subs = join(out, drama.slug, 'subs');
  await mkdir(subs, { recursive: true });
  await writeFile(join(subs, `${n}.en.vtt`), cuesToWebVtt(cuesOf(drama, n, 'en')));
  await writeFile(join(subs, `${n}.zh.srt`), toSrt(cuesOf(drama, n, 'zh')));
  await writeFile(join(subs, `${n}.tr.srt`), toSrt(cuesOf(drama, n, 'tr')));
  return {
    number: n,
    title: drama.episodes[n - 1],
    hls: `${drama.slug}/${n}`,
    subtitles: {
      en: `${drama.slug}/subs/${n}.en.vtt`,
      zh: `${drama.slug}/subs/${n}.zh.srt`,
      tr: `${drama.slug}/subs/${n}.tr.srt`,
    },
  };
}

async function generateDrama(drama: DemoDrama, out: string, r: Renderer, tools: MediaTools) {
  const dir = join(out, drama.slug);
  await mkdir(dir, { recursive: true });
  await renderStill(r, join(dir, 'poster.jpg'), drama.scene, drama.colors, POSTER_SIZE);
  await renderStill(r, join(dir, 'banner.jpg'), drama.scene, drama.colors, BANNER_SIZE);

  const episodes = [];
  for (let n = 1; n <= drama.episodes.length; n += 1) {
    episodes.push(await generateEpisode(drama, n, out, r, tools));
    process.stdout.write(`  ${drama.slug} episode ${n}/${drama.episodes.length}\n`);
  }
  return {
    slug: drama.slug,
    title: drama.title,
    synopsis: drama.synopsis,
    tags: drama.tags,
    genres: drama.genres,
    free_episodes: drama.freeEpisodes,
    episode_price: drama.episodePrice,
    all_price: allPrice(drama),
    ...(drama.recommendRank !== undefined ? { recommend_rank: drama.recommendRank } : {}),
    ...(drama.bannerRank !== undefined ? { banner_rank: drama.bannerRank } : {}),
    published_at: drama.publishedAt,
    initial_hits: drama.hits,
    initial_likes: drama.likes,
    poster: `${drama.slug}/poster.jpg`,
    banner: `${drama.slug}/banner.jpg`,
    episodes,
  };
}

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry));
  return total;
}

async function main(): Promise<void> {
  const ffmpegPath = process.env.FFMPEG_PATH || 'ffmpeg';
  const ffprobePath = process.env.FFPROBE_PATH || 'ffprobe';
  // The production ladder and segmenting, at a constant quality that suits soft synthetic pictures.
  const tools = createFfmpegTools({ ffmpegPath, ffprobePath, rate: 'compact', preset: 'medium' });
  const workDir = await mkdtemp(join(tmpdir(), 'cliffhanger-demo-'));
  // Built next to the old demo and swapped in at the end, so a failed run leaves the old one intact.
  const out = `${DEMO_DIR}.tmp-${process.pid}`;
  try {
    await mkdir(out, { recursive: true });
    const dramas = [];
    for (const drama of DEMO_DRAMAS) dramas.push(await generateDrama(drama, out, { ffmpegPath, workDir }, tools));
    await writeFile(join(out, 'manifest.json'), `${JSON.stringify({ dramas }, null, 2)}\n`);
    // Segments are named *.ts: make sure git never treats them (or the MP4s and JPEGs) as text.
    await writeFile(join(out, '.gitattributes'), '*.ts binary\n*.mp4 binary\n*.jpg binary\n');
    const bytes = await sizeOf(out);
    if (bytes > BUDGET_BYTES)
      throw new Error(`The demo is ${(bytes / 1048576).toFixed(1)} MB, over the ${BUDGET_BYTES / 1048576} MB budget`);
    await rm(DEMO_DIR, { recursive: true, force: true });
    await rename(out, DEMO_DIR);
    process.stdout.write(
      `Demo catalogue: ${dramas.length} dramas, ${(bytes / 1048576).toFixed(1)} MB in ${DEMO_DIR}\n`,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  }
}

runMain(main, '', 1);
