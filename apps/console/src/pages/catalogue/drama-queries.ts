import { useQueryClient } from '@tanstack/react-query';
import {
  consoleGetDrama,
  consoleListDramas,
  consoleListDramaTags,
  type ConsoleDrama,
  type ConsoleEndpoint,
} from '@cliffhanger/contract/console';
import type { z } from 'zod';
import { consoleKey, useConsoleMutation, useConsoleQuery } from '../../api/console-query';

/** One drama with its episodes, as the drama page shows it. */
export function useDrama(id: number) {
  return useConsoleQuery(consoleGetDrama, { params: { id } });
}

export type DramaWrite = ConsoleEndpoint<z.ZodType, z.ZodType, z.ZodType, typeof consoleGetDrama.data>;

/**
 * A write that answers the drama as it now is: the answer becomes the drama page's data at once,
 * and the list and tags are asked for again when next shown.
 */
export function useDramaWrite<E extends DramaWrite>(endpoint: E, onDone?: (drama: ConsoleDrama) => void) {
  const queryClient = useQueryClient();
  return useConsoleMutation(endpoint, {
    onSuccess: (drama) => {
      const saved = drama as ConsoleDrama;
      queryClient.setQueryData(consoleKey(consoleGetDrama, { params: { id: saved.id } }), saved);
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleListDramas) });
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleListDramaTags) });
      onDone?.(saved);
    },
  });
}
