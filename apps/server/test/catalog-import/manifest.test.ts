import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogImportError, formatProblem, type ImportProblem } from '../../src/catalog-import/import-problem.js';
import { loadManifest, parseManifest } from '../../src/catalog-import/load-manifest.js';

function validDrama(overrides: Record<string, unknown> = {}) {
  return {
    slug: 'the-contract',
    title: { en: 'The Contract', zh: '契约' },
    synopsis: { en: 'A deal.' },
    episode_price: 30,
    all_price: 80,
    episodes: [{ number: 1, title: { en: 'One' }, source: 'one.mp4', subtitles: { en: 'one.srt' } }],
    ...overrides,
  };
}

function problemsOf(json: unknown): ImportProblem[] {
  const result = parseManifest(json);
  if (!('problems' in result)) throw new Error('expected problems');
  return result.problems;
}

describe('parseManifest', () => {
  it('accepts a minimal manifest and applies the defaults', () => {
    const result = parseManifest({ dramas: [validDrama()] });
    if (!('manifest' in result)) throw new Error(JSON.stringify(result.problems));
    const [drama] = result.manifest.dramas;
    expect(drama).toMatchObject({ slug: 'the-contract', free_episodes: 5, tags: [], genres: [] });
    expect(drama?.episodes[0]?.subtitles).toEqual({ en: 'one.srt' });
  });

  it('names the field, the drama and the episode of each problem, and reports them all', () => {
    const problems = problemsOf({
      dramas: [
        validDrama({ episode_price: -1, title: { zh: '没有英文' } }),
        validDrama({
          slug: 'second',
          episodes: [
            { number: 2, title: { en: 'Both' }, source: 'a.mp4', hls: 'a/' },
            { number: 3, title: { en: 'Neither' } },
          ],
        }),
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug: 'the-contract', field: 'dramas[0].episode_price' }),
        expect.objectContaining({ slug: 'the-contract', field: 'dramas[0].title.en' }),
        expect.objectContaining({
          slug: 'second',
          episode: 2,
          field: 'dramas[1].episodes[0].source',
          message: expect.stringMatching(/exactly one/),
        }),
        expect.objectContaining({ slug: 'second', episode: 3, field: 'dramas[1].episodes[1].source' }),
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('refuses duplicate slugs and duplicate episode numbers', () => {
    const twice = validDrama({ episodes: [validDrama().episodes[0], validDrama().episodes[0]] });
    const problems = problemsOf({ dramas: [twice, validDrama()] });
    expect(problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/episode 1 is listed twice/),
        expect.stringMatching(/slug "the-contract" is listed twice/),
      ]),
    );
  });

  it.each([
    ['an upper-case slug', { slug: 'The-Contract' }],
    ['a slug with a slash', { slug: 'a/b' }],
    ['an unknown key', { price: 3 }],
    ['episode number 0', { episodes: [{ number: 0, title: { en: 'x' }, source: 'a.mp4' }] }],
    ['no episodes', { episodes: [] }],
    ['a fractional price', { all_price: 9.5 }],
    ['a published_at that is not a date-time', { published_at: 'yesterday' }],
  ])('refuses %s', (_name, overrides) => {
    expect(problemsOf({ dramas: [validDrama(overrides)] }).length).toBeGreaterThan(0);
  });

  it.each(['fr', 'EN', 'zh-CN', '', ' en'])('refuses subtitles in %j: only zh, en and tr, exactly', (lang) => {
    const episode = { number: 1, title: { en: 'x' }, source: 'a.mp4', subtitles: { [lang]: 'a.srt' } };
    expect(problemsOf({ dramas: [validDrama({ episodes: [episode] })] }).length).toBeGreaterThan(0);
  });

  it('takes up to three genres of the catalogue and names the field of an unknown, repeated or fourth one', () => {
    const result = parseManifest({ dramas: [validDrama({ genres: ['romance', 'ceo'] })] });
    if (!('manifest' in result)) throw new Error(JSON.stringify(result.problems));
    expect(result.manifest.dramas[0]?.genres).toEqual(['romance', 'ceo']);

    expect(problemsOf({ dramas: [validDrama({ genres: ['romance', 'zombie'] })] })).toEqual([
      expect.objectContaining({ slug: 'the-contract', field: 'dramas[0].genres[1]' }),
    ]);
    expect(problemsOf({ dramas: [validDrama({ genres: ['ceo', 'ceo'] })] })).toEqual([
      expect.objectContaining({ field: 'dramas[0].genres', message: expect.stringMatching(/twice/) }),
    ]);
    expect(problemsOf({ dramas: [validDrama({ genres: ['ceo', 'comedy', 'family', 'romance'] })] })).toEqual([
      expect.objectContaining({ field: 'dramas[0].genres' }),
    ]);
  });

  it('refuses a manifest without dramas', () => {
    expect(problemsOf({ dramas: [] })[0]).toMatchObject({ field: 'dramas' });
    expect(problemsOf([])[0]?.message).toBeTruthy();
  });
});

describe('loadManifest', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cliffhanger-manifest-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('resolves file paths against the manifest folder', async () => {
    const file = join(dir, 'ok.json');
    await writeFile(file, JSON.stringify({ dramas: [validDrama({ poster: 'art/poster.png' })] }));
    const manifest = await loadManifest(file);
    expect(manifest.dramas[0]?.poster).toBe(join(dir, 'art/poster.png'));
    expect(manifest.dramas[0]?.episodes[0]?.source).toBe(join(dir, 'one.mp4'));
    expect(manifest.dramas[0]?.episodes[0]?.subtitles.en).toBe(join(dir, 'one.srt'));
  });

  it('reports invalid JSON and a missing manifest as problems', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{ "dramas": [');
    await expect(loadManifest(bad)).rejects.toThrow(CatalogImportError);
    await expect(loadManifest(bad)).rejects.toMatchObject({
      problems: [{ file: bad, message: expect.stringMatching(/not valid JSON/) }],
    });
    await expect(loadManifest(join(dir, 'nope.json'))).rejects.toMatchObject({
      problems: [{ message: expect.stringMatching(/ENOENT/) }],
    });
  });

  it('formats a problem with its drama, episode and file', () => {
    expect(formatProblem({ slug: 's', episode: 2, file: '/x/a.mp4', message: 'source video not found' })).toBe(
      'drama "s", episode 2, /x/a.mp4: source video not found',
    );
  });
});
