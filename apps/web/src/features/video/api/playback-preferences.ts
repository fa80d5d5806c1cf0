import { getPlaybackPreferences, putPlaybackPreferences, type PlaybackRate } from '@cliffhanger/contract/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { silentApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { readPlaybackRate, writePlaybackRate } from '../player/preferences';

/** Per account: another viewer signing in on this tab reads their own. */
const playbackPreferencesKey = (uid: number | undefined) => ['user', 'playback', uid] as const;

/**
 * The player's speed and how to change it. A visitor's is kept on this device (localStorage); a
 * signed-in viewer's also on their account (GET and PUT /user/playback), so it follows them to
 * every device. The device's copy plays at once; the account's answer replaces it when it comes.
 * A save that fails keeps the choice on this device and the account's earlier speed elsewhere:
 * no toast for a speed.
 */
export function usePlaybackRate(): [PlaybackRate, (rate: PlaybackRate) => void] {
  const { signedIn, userInfo } = useSession();
  const key = playbackPreferencesKey(userInfo?.uid);
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<PlaybackRate>(readPlaybackRate);
  const account = useQuery({
    queryKey: key,
    queryFn: async () => {
      const { playback_rate } = (await silentApi.call(getPlaybackPreferences)).data;
      writePlaybackRate(playback_rate);
      return playback_rate;
    },
    enabled: signedIn,
    // Read once a visit: another device's change shows on the next one.
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: async (rate: PlaybackRate) =>
      (await silentApi.call(putPlaybackPreferences, { body: { playback_rate: rate } })).data.playback_rate,
  });
  const choose = (rate: PlaybackRate) => {
    setLocal(rate);
    writePlaybackRate(rate);
    if (!signedIn) return;
    queryClient.setQueryData(key, rate);
    save.mutate(rate);
  };
  return [signedIn ? (account.data ?? local) : local, choose];
}
