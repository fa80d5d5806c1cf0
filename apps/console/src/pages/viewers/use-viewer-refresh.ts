import { useQueryClient } from '@tanstack/react-query';
import { consoleFindViewers, consoleViewer, consoleViewerLedger } from '@cliffhanger/contract/console';
import { consoleKey } from '../../api/console-query';

/** After a change: the viewer's page, ledger and search results are asked for again. */
export function useViewerRefresh(): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const endpoint of [consoleViewer, consoleViewerLedger, consoleFindViewers]) {
      void queryClient.invalidateQueries({ queryKey: consoleKey(endpoint) });
    }
  };
}
