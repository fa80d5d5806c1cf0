import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionEndedMessage } from '../lib/api-client';
import { i18nReady } from '../lib/i18n';
import { announceUnseenSessionEnd } from '../lib/session-ended-notice';
import { startPageHints } from '../lib/page-hints';
import { createQueryClient } from '../lib/query-client';
import { registerServiceWorker } from '../lib/service-worker';
import { App } from './app';
import { createAppRouter, routerReady } from './router';

/**
 * A task of its own for what follows: the browser may paint, take a tap or run the player's next
 * step in between. Evaluating the app's modules, creating the router and rendering were one task
 * of 100 ms and more on a phone; in steps, none holds the main thread that long.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  startPageHints();
  const queryClient = createQueryClient();
  await nextTask();
  // The router starts on the first page at once: its code (and, for a video page, its data) is
  // fetched while the shell starts.
  const router = createAppRouter(queryClient);

  // The first render waits for the catalogue of the language in use and for the first page's code
  // (fetched in parallel), so the viewer never sees a key in place of a text, nor a loading screen
  // where the page is about to be. A catalogue that fails to load still renders (i18nReady then
  // resolves false): the page shows keys rather than nothing; a page that fails shows its retry.
  await Promise.all([i18nReady, routerReady(router)]);
  // A session end the last page was saying when it was left, said here (in this language).
  announceUnseenSessionEnd(sessionEndedMessage);
  await nextTask();
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: a tap or the player's next frame is not held up
  // behind it on a slow phone.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} rebuild={() => createAppRouter(queryClient)} />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
