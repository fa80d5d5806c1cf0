import { describe, expect, it } from 'vitest';
import { drama, episode } from '../test/fixtures';
import { resumePosition } from './use-progress-saver';
import { dramaIdFrom, episodeToPlay, idFrom } from '../video-params';
import { neighbours } from './use-video-session';

describe('video session rules', () => {
  it('takes positive whole-number ids only', () => {
    expect(idFrom('12')).toBe(12);
    expect(idFrom('0')).toBeNull();
    expect(idFrom('-4')).toBeNull();
    expect(idFrom('1.5')).toBeNull();
    expect(idFrom('abc')).toBeNull();
    expect(dramaIdFrom(new URLSearchParams('drama_id=7'))).toBe(7);
    expect(dramaIdFrom(new URLSearchParams('id=8'))).toBe(8);
  });

  it('plays the asked episode, else the saved one, else the first', () => {
    expect(episodeToPlay(103, drama())).toBe(103);
    expect(episodeToPlay(null, drama({ progress: { episode_id: 102, position_s: 4 } }))).toBe(102);
    expect(episodeToPlay(null, drama())).toBe(101);
    expect(episodeToPlay(null, undefined)).toBeNull();
    expect(episodeToPlay(null, drama({ episodes: [] }))).toBeNull();
  });

  it('finds the neighbours in drama order', () => {
    const episodes = [episode(1), episode(2), episode(3)];
    expect(neighbours(episodes, 102)).toMatchObject({ prev: { id: 101 }, current: { id: 102 }, next: { id: 103 } });
    expect(neighbours(episodes, 101).prev).toBeNull();
    expect(neighbours(episodes, 103).next).toBeNull();
    expect(neighbours(episodes, 999)).toEqual({ current: null, prev: null, next: null });
  });

  it('resumes at the saved position unless the episode was finished', () => {
    expect(resumePosition(4.5, 10)).toBe(4.5);
    expect(resumePosition(9.5, 10)).toBe(0);
    expect(resumePosition(0, 10)).toBe(0);
    expect(resumePosition(Number.NaN, 10)).toBe(0);
  });
});
