import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_DRAWN_PAGES, type ServerDrawnPage } from '@cliffhanger/contract';

/** Vite's manifest of the web build: every chunk by its key, with the chunks it imports. */
interface ManifestChunk {
  file: string;
  /** A chunk's name: for a group of the build's, the group's. */
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** What the web build writes beside the manifest (apps/web/vite.config.ts, manifest and page map). */
const MANIFEST_FILE = join('.vite', 'manifest.json');
/** `{ <page>: <its chunk's file> }`, written by apps/web/src/build/page-chunk-map.ts. */
const PAGE_MAP_FILE = join('.vite', 'pages.json');

export interface PageChunks {
  manifest: Manifest;
  /** The manifest key of each server-drawn page's chunk. */
  pages: Record<ServerDrawnPage, string>;
}

function readJson(distDir: string, file: string): unknown {
  const path = join(distDir, file);
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: the web build in ${distDir} is incomplete or older than this server; rebuild it (npm run build)`,
    );
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * The manifest and the chunk of every page the server draws, read once at startup. A build
 * without one of them would still serve pages, only without their code preloaded, slower and
 * silently; so a missing map, page or chunk stops the server here and names what is missing.
 */
export function readPageChunks(distDir: string): PageChunks {
  const manifest = readJson(distDir, MANIFEST_FILE) as Manifest;
  const map = readJson(distDir, PAGE_MAP_FILE) as Partial<Record<string, unknown>>;
  const keyOf = (page: ServerDrawnPage): string => {
    const file = map[page];
    if (typeof file !== 'string') {
      throw new Error(
        `${join(distDir, PAGE_MAP_FILE)} names no chunk for the page "${page}" (apps/web/src/app/server-drawn-pages.ts)`,
      );
    }
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
    if (key === undefined) {
      throw new Error(`the page "${page}" is ${file} in ${PAGE_MAP_FILE}, a chunk that ${MANIFEST_FILE} does not list`);
    }
    return key;
  };
  const pages = Object.fromEntries(SERVER_DRAWN_PAGES.map((page) => [page, keyOf(page)]));
  return { manifest, pages: pages as Record<ServerDrawnPage, string> };
}
