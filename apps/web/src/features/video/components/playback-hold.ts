import { createContext, useContext } from 'react';

/**
 * True while something must be decided before the current episode may play (whether a house ad
 * plays first). Meanwhile its player buffers the start as a preloading player does, so the
 * decision costs no time to the first frame; the stage shows the spinner.
 */
export const PlaybackHold = createContext(false);

export const usePlaybackHold = (): boolean => useContext(PlaybackHold);
