import { normaliseMediaPath, type MediaUrlSigner } from './media-url-signer.js';

/**
 * Per-viewer HLS playlists (docs/media.md#playback): every media URI in a stored playlist (segment and
 * variant-playlist lines, and `URI="…"` attributes of EXT-X-KEY / EXT-X-MAP / EXT-X-MEDIA / …)
 * is resolved against the playlist's directory and replaced by an absolute, signed media URL.
 */

/** A playlist URI that cannot be signed (absolute URL, escapes its scope, unsafe path …). */
export class PlaylistSigningError extends Error {
  override readonly name = 'PlaylistSigningError';
  constructor(
    message: string,
    /** 1-based line number in the source playlist. */
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
  }
}

export interface SignPlaylistOptions {
  playlistText: string;
  /** The playlist's own media path, e.g. `episodes/42/hd/index.m3u8`. */
  playlistPath: string;
  signer: MediaUrlSigner;
  /**
   * Base of the media route or CDN, without query: an absolute http(s) URL such as
   * `https://media.example.com/m`, or an absolute path on this origin such as `/media` (the
   * default MEDIA_BASE_URL; the player resolves it against the playlist's own URL).
   */
  mediaBaseUrl: string;
  /**
   * Media-root-relative directory every referenced URI must stay within. Defaults to the
   * playlist's own directory, so a playlist can never reach outside its folder; pass a wider
   * scope (e.g. `episodes/42`) to allow `../` references between renditions, or '' for the
   * whole media root. URIs that escape the media root are refused whatever the scope.
   */
  scopePath?: string;
  /**
   * When the signatures stop working (unix seconds): a playlist served from a signed URL hands
   * out segment URLs with that very expiry.
   */
  expiresAt: number;
}

/** `https://host[/path]` or `/path` (not `//host`, which is protocol-relative). */
const MEDIA_BASE_RE = /^(?:https?:\/\/[^/?#]+(?:\/[^?#]*)?|\/(?!\/)[^?#]*)$/;

/** `scheme:` (http:, https:, data:, skd: …) or protocol-relative `//host`. */
const ABSOLUTE_URL_RE = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

/** `URI="…"` attributes in a tag line (attribute names are upper case in HLS). */
const URI_ATTR_RE = /(^|[:,])URI="([^"]*)"/g;

export function signPlaylist(options: SignPlaylistOptions): string {
  const { playlistText, playlistPath, signer } = options;
  const base = options.mediaBaseUrl.replace(/\/+$/, '');
  if (base === '' || !MEDIA_BASE_RE.test(base)) {
    throw new TypeError(
      `mediaBaseUrl must be an absolute http(s) URL or an absolute path, without query: ${options.mediaBaseUrl}`,
    );
  }
  const canonicalPlaylist = normaliseMediaPath(playlistPath);
  if (canonicalPlaylist === null) throw new TypeError(`unsafe playlist path: ${JSON.stringify(playlistPath)}`);
  const dir = canonicalPlaylist.split('/').slice(0, -1);
  const scope = options.scopePath === undefined ? dir : scopeSegments(options.scopePath);
  if (!scope.every((s, i) => dir[i] === s)) {
    throw new TypeError(`playlist ${canonicalPlaylist} is outside scope ${scope.join('/')}`);
  }

  const signUri = (uri: string, lineNo: number): string => {
    const path = resolveUri(uri, dir, scope, base, lineNo);
    return `${base}/${path}?${signer.signedQueryUntil(path, options.expiresAt)}`;
  };

  const eol = playlistText.includes('\r\n') ? '\r\n' : '\n';
  const lines = playlistText.split(/\r?\n/);
  if (lines[0]?.replace(/^\uFEFF/, '').trim() !== '#EXTM3U') {
    throw new PlaylistSigningError('not an HLS playlist (first line must be #EXTM3U)', 1);
  }
  return lines
    .map((line, i) => {
      const lineNo = i + 1;
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#')) {
        // Tags carry URI attributes; plain comments (`#` not followed by EXT) are left alone.
        if (!trimmed.startsWith('#EXT')) return line;
        return line.replace(URI_ATTR_RE, (_m, lead: string, uri: string) => `${lead}URI="${signUri(uri, lineNo)}"`);
      }
      return signUri(trimmed, lineNo);
    })
    .join(eol);
}

function scopeSegments(scopePath: string): string[] {
  const trimmed = scopePath.replace(/\/+$/, '');
  if (trimmed === '') return [];
  const canonical = normaliseMediaPath(trimmed);
  if (canonical === null) throw new TypeError(`unsafe scope path: ${JSON.stringify(scopePath)}`);
  return canonical.split('/');
}

/** Resolves a playlist URI to a canonical media path within scope, or throws. */
function resolveUri(
  uri: string,
  dir: readonly string[],
  scope: readonly string[],
  base: string,
  lineNo: number,
): string {
  let relative: string;
  let from: readonly string[];
  if (uri.startsWith(`${base}/`)) {
    // Already an absolute URL on the media origin: treat the rest as a media-root path.
    relative = uri.slice(base.length + 1);
    from = [];
  } else if (ABSOLUTE_URL_RE.test(uri)) {
    throw new PlaylistSigningError(`absolute URL to another origin refused: ${uri}`, lineNo);
  } else if (uri.startsWith('/')) {
    throw new PlaylistSigningError(`root-relative URI refused: ${uri}`, lineNo);
  } else {
    relative = uri;
    from = dir;
  }
  if (relative === '' || /[?#\\\0]/.test(relative)) {
    throw new PlaylistSigningError(`unsupported URI: ${JSON.stringify(uri)}`, lineNo);
  }
  const out = [...from];
  for (const raw of relative.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw); // once, so `%2e%2e` is resolved (and refused) like `..`
    } catch {
      throw new PlaylistSigningError(`malformed percent-encoding: ${uri}`, lineNo);
    }
    if (segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) throw new PlaylistSigningError(`URI escapes the media root: ${uri}`, lineNo);
      out.pop();
      continue;
    }
    // After the single decode the segment must already be canonical: no `/`, `%` (double
    // encoding), empty segment (`a//b`) or character outside the media path allowlist.
    if (normaliseMediaPath(segment) !== segment) {
      throw new PlaylistSigningError(`unsafe path segment ${JSON.stringify(raw)}: ${uri}`, lineNo);
    }
    out.push(segment);
  }
  const path = normaliseMediaPath(out.join('/'));
  if (path === null) throw new PlaylistSigningError(`unsafe media path: ${JSON.stringify(uri)}`, lineNo);
  const segments = path.split('/');
  if (segments.length <= scope.length || !scope.every((s, i) => segments[i] === s)) {
    throw new PlaylistSigningError(`URI leaves its scope (${scope.join('/') || 'media root'}): ${uri}`, lineNo);
  }
  return path;
}
