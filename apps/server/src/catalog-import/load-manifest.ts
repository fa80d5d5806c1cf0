import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { z } from 'zod';
import { CatalogImportError, type ImportProblem } from './import-problem.js';
import { manifestSchema, type Manifest, type ManifestDrama } from './manifest.js';

function field(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

function rawAt(json: unknown, ...keys: (string | number)[]): unknown {
  let value = json;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** Names the drama (by slug) and the episode (by number) a schema issue belongs to, when the JSON says. */
function problemOf(issue: z.core.$ZodIssue, json: unknown): ImportProblem {
  const problem: ImportProblem = { field: field(issue.path), message: issue.message };
  const [root, dramaIndex, list, episodeIndex] = issue.path;
  if (root === 'dramas' && typeof dramaIndex === 'number') {
    const slug = rawAt(json, 'dramas', dramaIndex, 'slug');
    if (typeof slug === 'string') problem.slug = slug;
    if (list === 'episodes' && typeof episodeIndex === 'number') {
      const number = rawAt(json, 'dramas', dramaIndex, 'episodes', episodeIndex, 'number');
      if (typeof number === 'number') problem.episode = number;
    }
  }
  return problem;
}

/** Checks the manifest's shape; every issue becomes a problem. Paths are not touched. */
export function parseManifest(json: unknown): { manifest: Manifest } | { problems: ImportProblem[] } {
  const result = manifestSchema.safeParse(json);
  if (result.success) return { manifest: result.data };
  return { problems: result.error.issues.map((issue) => problemOf(issue, json)) };
}

function resolveDrama(drama: ManifestDrama, base: string): ManifestDrama {
  const abs = (path: string | undefined) => (path === undefined ? undefined : resolve(base, path));
  return {
    ...drama,
    poster: abs(drama.poster),
    banner: abs(drama.banner),
    episodes: drama.episodes.map((episode) => ({
      ...episode,
      source: abs(episode.source),
      hls: abs(episode.hls),
      subtitles: { en: abs(episode.subtitles.en), zh: abs(episode.subtitles.zh), tr: abs(episode.subtitles.tr) },
    })),
  };
}

/**
 * Reads and checks a manifest file and resolves its paths against the manifest's folder, so every
 * file path of the answer is absolute.
 * @throws CatalogImportError listing every problem (unreadable file, bad JSON, schema issues).
 */
export async function loadManifest(manifestPath: string): Promise<Manifest> {
  const file = resolve(manifestPath);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CatalogImportError([
      { file, message: `cannot read the manifest (${(error as NodeJS.ErrnoException).code ?? String(error)})` },
    ]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CatalogImportError([{ file, message: `not valid JSON: ${(error as Error).message}` }]);
  }
  const parsed = parseManifest(json);
  if ('problems' in parsed) throw new CatalogImportError(parsed.problems.map((p) => ({ ...p, file })));
  const base = dirname(file);
  return { dramas: parsed.manifest.dramas.map((drama) => resolveDrama(drama, base)) };
}
