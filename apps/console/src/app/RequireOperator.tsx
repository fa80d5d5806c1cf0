import { consoleMe } from '@cliffhanger/contract/console';
import type { ReactNode } from 'react';
import { isSessionEnded } from '../api/console-api';
import { useConsoleQuery } from '../api/console-query';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { OperatorContext } from './operator-context';

/** How long the signed-in operator is taken as known before asking the server again. */
const ME_STALE_MS = 60_000;

/**
 * Renders its children once the signed-in operator is known. Without a session the call's
 * session code has already sent the app to the sign-in page (console-api.ts).
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const me = useConsoleQuery(consoleMe, undefined, { staleTime: ME_STALE_MS });
  if (me.data) return <OperatorContext value={me.data}>{children}</OperatorContext>;
  if (me.error && !isSessionEnded(me.error)) {
    return (
      <main className="page page--centred">
        <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  return <Loading />;
}
