/**
 * The two video pages (docs/product.md#other-routes), and the start of hls.js before they render: the route
 * table imports the pages and the route's loader (video-page-loader.ts) the early player from here, so hls.js
 * arrives with the page's code. Both routes render the one page, which lays itself out for the window.
 * The For You feed takes the page's player from here too, so the player stays in the page's chunk
 * instead of a chunk of its own that every video page would then load as well.
 */
export { VideoPage, VideoPage as MobileVideoPage } from './video-screen';
export { dropEarlyPlayer, startEarlyPlayer } from '../../../lib/player/early-player';
export { PlayerStage } from '../components/player-stage';
