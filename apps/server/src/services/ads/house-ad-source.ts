import type { Clock } from '../../lib/clock.js';
import type { MediaTokenSigner } from '../../media/signing/media-token.js';
import { tokenedMediaUrl } from '../../media/signing/media-token-url.js';
import type { AdsRepository } from '../../repositories/ads.repository.js';
import { localise } from '../catalog/localise.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import type { AdCreative, AdRequest, AdSource } from './ad-source.js';

/** How long an ad's clip URL works: far longer than any ad, short enough to go stale. */
const AD_URL_TTL_SECONDS = 60 * 60;

/**
 * House ads: the first (free) episode of another released drama, picked at random, as a promo
 * clip. The playlist is tokened like any playback (docs/media.md#playback).
 */
export class HouseAdSource implements AdSource {
  constructor(
    private readonly deps: { ads: AdsRepository; tokens: MediaTokenSigner; mediaBaseUrl: string; clock: Clock },
  ) {}

  async next(request: AdRequest): Promise<AdCreative | null> {
    const promo = await this.deps.ads.randomPromo(request.excludeDramaId, this.deps.clock());
    if (!promo) return null;
    const exp = this.deps.tokens.nowSeconds() + AD_URL_TTL_SECONDS;
    return {
      id: `house:drama:${promo.drama.id}`,
      kind: 'house',
      dramaId: promo.drama.id,
      title: localise(promo.drama.title, request.lang),
      poster: publicMediaUrl(this.deps.mediaBaseUrl, promo.drama.poster),
      playlistUrl: tokenedMediaUrl(
        this.deps.tokens,
        this.deps.mediaBaseUrl,
        `${promo.episode.mediaDir}/master.m3u8`,
        exp,
      ),
      durationS: promo.episode.durationS,
    };
  }
}
