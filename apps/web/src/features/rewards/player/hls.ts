/** The rewards feature's one import of hls.js (light build), so tests can replace it. */
export { default as Hls, Events } from 'hls.js/light';
