/**
 * The web app's service worker, built to /sw.js (apps/web/src/build/service-worker-build.ts) and
 * registered by src/lib/service-worker.ts in production builds. Each concern is a module of this
 * folder that adds its own event listeners when imported; another one is one more import here.
 */
import './app-shell';
import './push';
