/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Origin of the API server the build calls (`https://api.example.com`), set at build time;
   * empty or unset: the page's own origin (the browser build, served by the API server). The iOS
   * shell's build sets it (npm run mobile:sync, MOBILE_API_ORIGIN): its pages come from
   * capacitor://localhost, where no API is. vite.config.ts refuses anything but a bare origin.
   */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
