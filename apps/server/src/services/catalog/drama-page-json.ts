import { dramaDetailSchema, envelopeSchema, episodeSummarySchema, type Language } from '@cliffhanger/contract';
import type { DramaRow, EpisodeRow } from '../../db/catalog.schema.js';
import { ok } from '../../http/envelope.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import { toDramaCard } from './drama-card.js';
import { isEpisodePlayable, unlockPrices, VIP_ENTITLEMENT } from './entitlement.js';
import { toEpisodeSummary } from './episode-summary.js';
import { localise } from './localise.js';
import type { ViewerInDrama } from './viewer.js';

/** The drama's own fields: everything of the page before its episodes. */
const headSchema = envelopeSchema(
  dramaDetailSchema.omit({ episodes: true, prices: true, favorited: true, progress: true, viewer: true }),
);
/** The viewer's fields: everything of the page after its episodes. */
const tailSchema = dramaDetailSchema.pick({ prices: true, favorited: true, progress: true, viewer: true });

interface EpisodeJson {
  row: EpisodeRow;
  /** The episode as a viewer who may play it sees it, and as one who may not. */
  open: string;
  locked: string;
}

/**
 * A drama's page serialised in pieces, through the endpoint's own schemas: what every viewer
 * sees alike (the drama's fields, each episode both open and locked) once per drama and
 * language, kept with the catalogue's public answers; per viewer only their locks pick each
 * episode's piece and their few facts are encoded. A signed-in page is then a string join, not
 * the encoding of forty episode objects per request.
 */
export class DramaPageJson {
  private constructor(
    private readonly drama: DramaRow,
    /** `{"code":200,"message":"OK","data":{…the drama's fields…,"episodes":[` */
    private readonly head: string,
    private readonly episodes: readonly EpisodeJson[],
  ) {}

  static build(drama: DramaRow, episodes: readonly EpisodeRow[], lang: Language, mediaBaseUrl: string): DramaPageJson {
    const own = ok({
      ...toDramaCard(drama, episodes.length, lang, mediaBaseUrl),
      synopsis: localise(drama.synopsis, lang),
      banner: publicMediaUrl(mediaBaseUrl, drama.banner || drama.poster),
      vip_covers: episodes.every((episode) => isEpisodePlayable(episode, drama, VIP_ENTITLEMENT)),
    });
    const envelope = JSON.stringify(headSchema.encode(own));
    // `data` is the envelope's last field and the drama's object its last value: drop both braces.
    const head = `${envelope.slice(0, -2)},"episodes":[`;
    const asSeen = (episode: EpisodeRow, unlocked: boolean) =>
      JSON.stringify(
        episodeSummarySchema.encode(
          toEpisodeSummary(
            episode,
            drama,
            { vip: false, unlockedEpisodeIds: new Set(unlocked ? [episode.id] : []) },
            lang,
          ),
        ),
      );
    return new DramaPageJson(
      drama,
      head,
      episodes.map((row) => ({ row, open: asSeen(row, true), locked: asSeen(row, false) })),
    );
  }

  /** The whole answer (envelope included) for this viewer. */
  forViewer({ viewer, entitlement, favorited, progress }: ViewerInDrama): string {
    let json = this.head;
    let lockedCount = 0;
    for (const [i, episode] of this.episodes.entries()) {
      const playable = isEpisodePlayable(episode.row, this.drama, entitlement);
      if (!playable) lockedCount += 1;
      json += (i === 0 ? '' : ',') + (playable ? episode.open : episode.locked);
    }
    const tail = JSON.stringify(
      tailSchema.encode({
        prices: unlockPrices(this.drama, lockedCount),
        favorited,
        progress: progress ? { episode_id: progress.episodeId, position_s: progress.positionS } : null,
        viewer: { signed_in: viewer.userId !== null, vip: viewer.vip, coin: viewer.coin },
      }),
    );
    // The tail's own braces: its opening one goes, its closing one closes the drama's object.
    return `${json}],${tail.slice(1)}}`;
  }
}
