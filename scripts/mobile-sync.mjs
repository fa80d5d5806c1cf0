// `npm run mobile:sync`: the web build the iOS shell ships, pointed at the API server
// MOBILE_API_ORIGIN (e.g. https://api.example.com), written to apps/mobile/www and copied into
// the iOS project by `cap sync ios`. Its own output directory, so the browser build in
// apps/web/dist (served by `npm start`) keeps calling its own origin.
import { root, run } from './lib.mjs';

const apiOrigin = (process.env.MOBILE_API_ORIGIN ?? '').trim();
if (apiOrigin === '') {
  console.warn(
    '! MOBILE_API_ORIGIN is not set: the app will call the API at capacitor://localhost, where there is none.\n' +
      '  Set it to your server, e.g. MOBILE_API_ORIGIN=https://api.example.com npm run mobile:sync (apps/mobile/README.md).',
  );
}
// apps/web/vite.config.ts refuses anything but a bare http(s) origin.
run('npm', ['run', 'build:app', '-w', 'apps/web'], { cwd: root, env: { ...process.env, VITE_API_ORIGIN: apiOrigin } });
run('npm', ['run', 'sync', '-w', 'apps/mobile'], { cwd: root });
