import { normaliseMediaPath } from '../storage/media-paths.js';

/**
 * Stored HLS playlists are served as they are (docs/media.md#playback): their URIs are relative,
 * so a player resolves them against the playlist's own tokened URL and every variant, segment and
 * subtitle inherits the token, and the playlist is the same text for every viewer. This checks
 * what such a playlist may point at: every URI (segment and variant-playlist lines, and `URI="…"`
 * attributes of EXT-X-KEY / EXT-X-MAP / EXT-X-MEDIA / …) relative and inside its scope.
 */

/** A playlist URI that may not be served (absolute URL, leaves its scope, unsafe path …). */
export class PlaylistScopeError extends Error {
  override readonly name = 'PlaylistScopeError';
  constructor(
    message: string,
    /** 1-based line number in the source playlist. */
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
  }
}

export interface PlaylistScopeOptions {
  playlistText: string;
  /** The playlist's own media path, e.g. `episodes/42/hd/index.m3u8`. */
  playlistPath: string;
  /**
   * Media-root-relative directory every referenced URI must stay within (the episode's
   * directory, which one token opens). Defaults to the playlist's own directory.
   */
  scopePath?: string;
}

/** `scheme:` (http:, https:, data:, skd: …) or protocol-relative `//host`. */
const ABSOLUTE_URL_RE = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

/** `URI="…"` attributes in a tag line (attribute names are upper case in HLS). */
const URI_ATTR_RE = /(^|[:,])URI="([^"]*)"/g;

/**
 * The canonical media path of every URI in the playlist, in order of appearance; throws
 * PlaylistScopeError for the first one that is not relative or leaves the scope.
 */
export function playlistMediaPaths(options: PlaylistScopeOptions): string[] {
  const { playlistText, playlistPath } = options;
  const canonicalPlaylist = normaliseMediaPath(playlistPath);
  if (canonicalPlaylist === null) throw new TypeError(`unsafe playlist path: ${JSON.stringify(playlistPath)}`);
  const dir = canonicalPlaylist.split('/').slice(0, -1);
  const scope = options.scopePath === undefined ? dir : scopeSegments(options.scopePath);
  if (!scope.every((s, i) => dir[i] === s)) {
    throw new TypeError(`playlist ${canonicalPlaylist} is outside scope ${scope.join('/')}`);
  }
  const lines = playlistText.split(/\r?\n/);
  if (lines[0]?.replace(/^\uFEFF/, '').trim() !== '#EXTM3U') {
    throw new PlaylistScopeError('not an HLS playlist (first line must be #EXTM3U)', 1);
  }
  const paths: string[] = [];
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '') return;
    if (trimmed.startsWith('#')) {
      // Tags carry URI attributes; plain comments (`#` not followed by EXT) are left alone.
      if (!trimmed.startsWith('#EXT')) return;
      for (const match of trimmed.matchAll(URI_ATTR_RE)) paths.push(resolveUri(match[2] ?? '', dir, scope, i + 1));
      return;
    }
    paths.push(resolveUri(trimmed, dir, scope, i + 1));
  });
  return paths;
}

function scopeSegments(scopePath: string): string[] {
  const trimmed = scopePath.replace(/\/+$/, '');
  if (trimmed === '') return [];
  const canonical = normaliseMediaPath(trimmed);
  if (canonical === null) throw new TypeError(`unsafe scope path: ${JSON.stringify(scopePath)}`);
  return canonical.split('/');
}

/** Resolves a relative playlist URI to a canonical media path within scope, or throws. */
function resolveUri(uri: string, dir: readonly string[], scope: readonly string[], lineNo: number): string {
  if (ABSOLUTE_URL_RE.test(uri)) throw new PlaylistScopeError(`absolute URL refused: ${uri}`, lineNo);
  if (uri.startsWith('/')) throw new PlaylistScopeError(`root-relative URI refused: ${uri}`, lineNo);
  if (uri === '' || /[?#\\\0]/.test(uri)) {
    throw new PlaylistScopeError(`unsupported URI: ${JSON.stringify(uri)}`, lineNo);
  }
  const out = [...dir];
  for (const raw of uri.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw); // once, so `%2e%2e` is resolved (and refused) like `..`
    } catch {
      throw new PlaylistScopeError(`malformed percent-encoding: ${uri}`, lineNo);
    }
    if (segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) throw new PlaylistScopeError(`URI escapes the media root: ${uri}`, lineNo);
      out.pop();
      continue;
    }
    // After the single decode the segment must already be canonical: no `/`, `%` (double
    // encoding), empty segment (`a//b`) or character outside the media path allowlist.
    if (normaliseMediaPath(segment) !== segment) {
      throw new PlaylistScopeError(`unsafe path segment ${JSON.stringify(raw)}: ${uri}`, lineNo);
    }
    out.push(segment);
  }
  const path = normaliseMediaPath(out.join('/'));
  if (path === null) throw new PlaylistScopeError(`unsafe media path: ${JSON.stringify(uri)}`, lineNo);
  const segments = path.split('/');
  if (segments.length <= scope.length || !scope.every((s, i) => segments[i] === s)) {
    throw new PlaylistScopeError(`URI leaves its scope (${scope.join('/') || 'media root'}): ${uri}`, lineNo);
  }
  return path;
}
