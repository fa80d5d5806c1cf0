import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPage } from './app/lazy-page';
import { ROUTES } from './app/routes';
import './app/global.css';
import './lib/i18n';

// The first page's code (and, for a video page, its data) is fetched while the shell starts.
const first = ROUTES.find((route) => route.path === window.location.pathname);
if (first) startPage(first.path, first.load);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
