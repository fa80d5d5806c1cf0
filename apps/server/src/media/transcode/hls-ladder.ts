/**
 * The HLS ladder for 9:16 episodes (docs/architecture.md#media-and-playback): HD 720×1280 and SD 480×854,
 * H.264 + AAC, 4 s segments with a key frame every 2 s (so each segment starts on a key frame and a player
 * can switch renditions at any segment boundary).
 */
export const HLS_LADDER = [
  { name: 'hd', width: 720, height: 1280, videoBitrateK: 2200, audioBitrateK: 128 },
  { name: 'sd', width: 480, height: 854, videoBitrateK: 1200, audioBitrateK: 96 },
] as const;

export const MASTER_PLAYLIST = 'master.m3u8';

/** Target HLS segment length in seconds (`-hls_time`). */
export const SEGMENT_SECONDS = 4;

/** Forced key-frame interval in seconds; SEGMENT_SECONDS is a multiple of it. */
export const KEYFRAME_SECONDS = 2;
