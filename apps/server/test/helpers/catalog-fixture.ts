import { eq } from 'drizzle-orm';
import { dramas, episodes, type DramaRow, type EpisodeRow, type LocalisedText } from '../../src/db/catalog.schema.js';
import type { AppInstance } from '../../src/app-instance.js';

let slugSeq = 0;

export interface FixtureDrama {
  title?: LocalisedText;
  synopsis?: LocalisedText;
  tags?: string[];
  /** Genre keys; default none. */
  genres?: string[];
  episodes?: number;
  freeEpisodes?: number;
  episodePrice?: number;
  allPrice?: number;
  hits?: number;
  likes?: number;
  recommendRank?: number | null;
  bannerRank?: number | null;
  /**
   * When viewers may see it: null for a draft or unpublished drama, a future time for a scheduled
   * one. Default: long before any test clock, later for each drama seeded, so the newest seeded is
   * the latest released. Not the database's now(): a test clock behind the wall clock would see
   * that as a scheduled release.
   */
  publishedAt?: Date | null;
}

/** The release time of the first drama seeded without one; each later one is a minute later. */
const DEFAULT_RELEASES_FROM = Date.parse('2020-01-01T00:00:00Z');

export interface SeededDrama {
  drama: DramaRow;
  episodes: EpisodeRow[];
}

/** The stored files of one episode, as the import writes them: master, two renditions, subtitles, MP4. */
export const EPISODE_FILES = {
  'master.m3u8':
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
    '#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=720x1280,CODECS="avc1.4d401f,mp4a.40.2"\nhd/index.m3u8\n' +
    '#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=480x854,CODECS="avc1.4d401e,mp4a.40.2"\nsd/index.m3u8\n',
  'hd/index.m3u8':
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n' +
    '#EXTINF:4.000000,\nseg_000.ts\n#EXTINF:2.000000,\nseg_001.ts\n#EXT-X-ENDLIST\n',
  'sd/index.m3u8':
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n' +
    '#EXTINF:4.000000,\nseg_000.ts\n#EXTINF:2.000000,\nseg_001.ts\n#EXT-X-ENDLIST\n',
  'hd/seg_000.ts': 'HD-SEGMENT-0',
  'hd/seg_001.ts': 'HD-SEGMENT-1',
  'sd/seg_000.ts': 'SD-SEGMENT-0',
  'sd/seg_001.ts': 'SD-SEGMENT-1',
  'subs/en.vtt': 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n',
  'subs/zh.vtt': 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n你好\n',
  'subs/tr.vtt': 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nMerhaba\n',
  'download.mp4': 'MP4-BYTES',
} as const;

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt',
  mp4: 'video/mp4',
};

/**
 * Seeds one drama with episodes straight into the database and the app's media storage (the
 * in-memory store in tests), without ffmpeg. Layout matches the import:
 * `posters/<slug>.jpg`, `banners/<slug>.jpg`, `episodes/<slug>/<n>/…`.
 */
export async function seedDrama(app: AppInstance, options: FixtureDrama = {}): Promise<SeededDrama> {
  slugSeq += 1;
  const slug = `drama-${process.pid}-${slugSeq}`;
  const title = options.title ?? { en: `Drama ${slugSeq}`, zh: `短剧 ${slugSeq}`, tr: `Dizi ${slugSeq}` };
  const db = app.database.db;
  const [drama] = await db
    .insert(dramas)
    .values({
      slug,
      title,
      synopsis: options.synopsis ?? { en: `Synopsis ${slugSeq}` },
      sortTitle: title.en.toLowerCase(),
      poster: `posters/${slug}.jpg`,
      banner: `banners/${slug}.jpg`,
      tags: options.tags ?? ['romance'],
      genres: options.genres ?? [],
      hits: options.hits ?? 0,
      likes: options.likes ?? 0,
      freeEpisodes: options.freeEpisodes ?? 2,
      episodePrice: options.episodePrice ?? 30,
      allPrice: options.allPrice ?? 100,
      recommendRank: options.recommendRank ?? null,
      bannerRank: options.bannerRank ?? null,
      publishedAt:
        options.publishedAt === undefined ? new Date(DEFAULT_RELEASES_FROM + slugSeq * 60_000) : options.publishedAt,
    })
    .returning();
  if (!drama) throw new Error('drama insert returned nothing');

  const media = app.services.media;
  await media.put(`posters/${slug}.jpg`, Buffer.from('JPEG-POSTER'), 'image/jpeg');
  await media.put(`banners/${slug}.jpg`, Buffer.from('JPEG-BANNER'), 'image/jpeg');

  const rows: EpisodeRow[] = [];
  for (let n = 1; n <= (options.episodes ?? 4); n += 1) {
    const mediaDir = `episodes/${slug}/${n}`;
    for (const [name, body] of Object.entries(EPISODE_FILES)) {
      const ext = name.slice(name.lastIndexOf('.') + 1);
      await media.put(`${mediaDir}/${name}`, Buffer.from(body), CONTENT_TYPES[ext] ?? 'application/octet-stream');
    }
    const [episode] = await db
      .insert(episodes)
      .values({
        dramaId: drama.id,
        number: n,
        title: { en: `Episode ${n}`, zh: `第${n}集`, tr: `Bölüm ${n}` },
        durationS: 6,
        mediaDir,
        subtitles: { en: `${mediaDir}/subs/en.vtt`, zh: `${mediaDir}/subs/zh.vtt`, tr: `${mediaDir}/subs/tr.vtt` },
      })
      .returning();
    if (!episode) throw new Error('episode insert returned nothing');
    rows.push(episode);
  }
  // Written straight to the database, so the app's public answers must hear of it as an import would.
  await app.services.catalogChanges.publish();
  return { drama, episodes: rows };
}

/**
 * Sets when viewers may see a drama (null: unpublished) and says the catalogue changed, as the
 * console does when it publishes, unpublishes or schedules one.
 */
export async function setPublishedAt(app: AppInstance, dramaId: number, at: Date | null): Promise<void> {
  await app.database.db.update(dramas).set({ publishedAt: at }).where(eq(dramas.id, dramaId));
  await app.services.catalogChanges.publish();
}
