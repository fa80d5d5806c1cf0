/** The one import of hls.js, so tests can replace it. */
export { default as Hls, ErrorTypes, Events } from 'hls.js/light';
export type { ErrorData, HlsConfig, Level, LevelSwitchedData, ManifestParsedData } from 'hls.js';
