import type { MediaUrlSigner } from '../../media/signing/media-url-signer.js';
import { signedMediaUrl } from '../../media/signing/signed-media-url.js';
import type { AdsRepository } from '../../repositories/ads.repository.js';
import { localise } from '../catalog/localise.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import type { AdCreative, AdRequest, AdSource } from './ad-source.js';

/** How long an ad's clip URL works: far longer than any ad, short enough to go stale. */
const AD_URL_TTL_SECONDS = 60 * 60;

/**
 * House ads: the first (free) episode of another drama, picked at random, as a promo clip. The
 * playlist is signed like any playback (docs/media.md#playback).
 */
export class HouseAdSource implements AdSource {
  constructor(
    private readonly deps: { ads: AdsRepository; signer: MediaUrlSigner; mediaBaseUrl: string },
  ) {}

  async next(request: AdRequest): Promise<AdCreative | null> {
    const promo = await this.deps.ads.randomPromo(request.excludeDramaId);
    if (!promo) return null;
    const exp = this.deps.signer.nowSeconds() + AD_URL_TTL_SECONDS;
    return {
      id: `house:drama:${promo.drama.id}`,
      kind: 'house',
      dramaId: promo.drama.id,
      title: localise(promo.drama.title, request.lang),
      poster: publicMediaUrl(this.deps.mediaBaseUrl, promo.drama.poster),
      playlistUrl: signedMediaUrl(this.deps.signer, this.deps.mediaBaseUrl, `${promo.episode.mediaDir}/master.m3u8`, exp),
      durationS: promo.episode.durationS,
    };
  }
}
