import { describe, expect, it } from 'vitest';
import { shellRoute } from './shell-routes';

const origin = 'https://cliffhanger.example';
const shellFiles = new Set(['/index.html', '/assets/boot-abc.js', '/manifest.webmanifest']);
const route = (path: string, options: { method?: string; mode?: string; at?: string } = {}) =>
  shellRoute({
    url: new URL(path, options.at ?? origin),
    method: options.method ?? 'GET',
    mode: options.mode ?? 'cors',
    origin,
    shellFiles,
  });

describe('shellRoute', () => {
  it('answers page loads of the app network first (the kept shell offline)', () => {
    expect(route('/', { mode: 'navigate' })).toBe('page');
    expect(route('/pages/video/mobileVideoIndex?drama_id=3', { mode: 'navigate' })).toBe('page');
  });

  it('answers the kept shell files from the cache', () => {
    expect(route('/assets/boot-abc.js')).toBe('shell-file');
    expect(route('/manifest.webmanifest')).toBe('shell-file');
  });

  it('never touches the API, media, playlists, video or the console', () => {
    expect(route('/api/v1/home?lang=en')).toBe('network');
    expect(route('/api/v1/history', { mode: 'navigate' })).toBe('network');
    expect(route('/media/dramas/1/ep1/index.m3u8')).toBe('network');
    expect(route('/media/dramas/1/poster.jpg')).toBe('network');
    expect(route('/console', { mode: 'navigate' })).toBe('network');
    expect(route('/console/assets/x.js')).toBe('network');
    // A playlist or segment is never the shell's, wherever it comes from and however it is named.
    expect(route('/ep1/720p.m3u8')).toBe('network');
    expect(route('/ep1/seg-001.ts')).toBe('network');
    expect(route('/clip.mp4', { mode: 'navigate' })).toBe('network');
  });

  it('leaves other origins, other methods and files the build does not list to the browser', () => {
    expect(route('/assets/boot-abc.js', { at: 'https://cdn.example' })).toBe('network');
    expect(route('/assets/boot-abc.js', { method: 'POST' })).toBe('network');
    expect(route('/assets/other-123.js')).toBe('network');
    expect(route('/favicon.ico')).toBe('network');
  });
});
