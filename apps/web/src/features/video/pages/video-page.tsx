/** The two video pages of spec §2 (the route table imports both from here). */
export { VideoPage } from './desktop-video-page';
export { MobileVideoPage } from './mobile-video-page';
