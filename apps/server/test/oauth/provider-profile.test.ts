import { describe, expect, it } from 'vitest';
import { avatarFromProviderPicture } from '../../src/services/oauth/provider-profile.js';

describe('avatarFromProviderPicture', () => {
  it('keeps https URLs', () => {
    expect(avatarFromProviderPicture('https://lh3.example/a=s96-c')).toBe('https://lh3.example/a=s96-c');
  });

  it.each([
    undefined,
    'http://insecure.example/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'not a url',
  ])('drops %j', (input) => {
    expect(avatarFromProviderPicture(input)).toBeUndefined();
  });

  it('drops absurdly long URLs', () => {
    expect(avatarFromProviderPicture(`https://cdn.example/${'a'.repeat(3000)}`)).toBeUndefined();
  });
});
