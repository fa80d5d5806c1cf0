import { describe, expect, it } from 'vitest';
import { appPath, readPushPayload } from './push-payload';

describe('readPushPayload', () => {
  it('reads the title, body and the page a tap opens', () => {
    expect(
      readPushPayload('{"title":"Episode 4 is out","body":"Watch it now.","url":"/pages/video/index?drama_id=3"}'),
    ).toEqual({
      title: 'Episode 4 is out',
      body: 'Watch it now.',
      url: '/pages/video/index?drama_id=3',
    });
  });

  it('shows nothing for an empty, unreadable or untitled push', () => {
    expect(readPushPayload(undefined)).toBeUndefined();
    expect(readPushPayload('not json')).toBeUndefined();
    expect(readPushPayload('{"body":"x"}')).toBeUndefined();
  });

  it('never opens another site', () => {
    expect(appPath('https://evil.example/')).toBe('/');
    expect(appPath('//evil.example/')).toBe('/');
    expect(appPath(42)).toBe('/');
    expect(readPushPayload('{"title":"t","url":"javascript:alert(1)"}')?.url).toBe('/');
  });
});
