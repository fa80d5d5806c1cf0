import type { MediaCdnPurgeConfig } from '../../config.js';
import { CloudflarePurger } from './cloudflare-purger.js';
import { CloudFrontPurger } from './cloudfront-purger.js';
import { noEdgePurger, type EdgePurger } from './edge-purger.js';
import { FastlyPurger } from './fastly-purger.js';

/** The adapter MEDIA_CDN_PURGE names, with its settings. */
export function createEdgePurger(config: MediaCdnPurgeConfig): EdgePurger {
  switch (config.provider) {
    case 'none':
      return noEdgePurger;
    case 'cloudfront':
      return new CloudFrontPurger({ distributionId: config.distributionId, endpoint: config.endpoint });
    case 'cloudflare':
      return new CloudflarePurger(config);
    case 'fastly':
      return new FastlyPurger(config);
  }
}
