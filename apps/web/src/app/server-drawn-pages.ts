import type { ServerDrawnPage } from '@cliffhanger/contract/browser';

/**
 * The code of the pages whose first screen the server draws into index.html, which it preloads
 * with the HTML (apps/server/src/plugins/page-bootstrap.ts). The route table loads them through
 * these imports, and the build reads this object to write which chunk each name became
 * (src/build/page-chunk-map.ts): the server knows the names, never the files, so renaming or
 * moving a page needs no change on the server. Each value stays a bare `import()` of one module;
 * the build fails on anything else.
 */
export const SERVER_DRAWN_PAGE_IMPORTS = {
  home: () => import('../features/home/pages/home-page'),
  video: () => import('../features/video/pages/video-page'),
  // The video pages' route loader: a chunk of its own, so home's start does not carry it.
  videoLoader: () => import('../features/video/video-page-loader'),
} satisfies Record<ServerDrawnPage, () => Promise<unknown>>;
