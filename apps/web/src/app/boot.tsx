import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '../lib/i18n';
import { startPageHints } from '../lib/page-hints';
import { App } from './app';
import { startPage } from './lazy-page';
import { ROUTES } from './routes';

startPageHints();

// The first page's code (and, for a video page, its data) is fetched while the shell starts.
const first = ROUTES.find((route) => route.path === window.location.pathname);
const firstPage = first ? startPage(first.path, first.load) : Promise.resolve();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first render waits for the catalogue of the language in use and for the first page's code
// (fetched in parallel), so the viewer never sees a key in place of a text, nor a loading screen
// that React would then hold for its minimum time. A catalogue that fails to load still renders:
// the page shows keys rather than nothing; a page that fails shows its retry.
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page: a tap or the player's next frame is not held up
// behind it on a slow phone.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
void Promise.all([i18nReady.catch(() => undefined), firstPage]).then(render);
