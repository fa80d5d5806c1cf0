import { GENRE_NAMES, type DramaDetail, type Language } from '@cliffhanger/contract/browser';
import { Link } from 'react-router';
import { dramaOffer } from '../../lib/drama-offer';
import { dramaRuntime, type Runtime } from '../../lib/drama-runtime';
import { useContentLanguage } from '../../lib/use-content-language';
import { PATHS } from '../../lib/paths';
import type { TFunction } from '../../lib/translations';
import { useTranslation } from '../../lib/use-translation';
import './drama-facts.css';

/** A genre's name in `lang`; a key the app does not know yet (a newer server) shows as it is. */
function genreName(key: string, lang: Language): string {
  return (GENRE_NAMES as Partial<Record<string, Record<Language, string>>>)[key]?.[lang] ?? key;
}

function runtimeText(runtime: Runtime, t: TFunction): string {
  if (runtime.unit === 'seconds') return t('drama.runtimeSeconds', { count: runtime.seconds });
  if (runtime.hours === 0) return t('drama.runtimeMinutes', { count: runtime.minutes });
  return t('drama.runtimeHours', { hours: runtime.hours, minutes: runtime.minutes });
}

/**
 * A drama's facts before the tap (docs/product.md#drama-page): genres, episodes, running time, how many
 * are free, and what the rest costs this viewer, single and all, or that VIP covers them. The drama's
 * sheet and the desktop video page's side panel show the same component.
 */
export function DramaFacts({ drama, tone = 'light' }: { drama: DramaDetail; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const offer = dramaOffer(drama);
  const total = drama.episodes.length;
  const genres = drama.genres ?? [];
  return (
    <div className={`ui-drama-facts ui-drama-facts--${tone}`} data-testid="drama-facts">
      {genres.length > 0 && (
        <ul className="ui-drama-facts__genres" aria-label={t('drama.genres')} data-testid="drama-genres">
          {genres.map((key) => (
            <li key={key}>{genreName(key, lang)}</li>
          ))}
        </ul>
      )}
      <dl className="ui-drama-facts__list">
        <div>
          <dt>{t('drama.episodes')}</dt>
          <dd data-testid="drama-fact-episodes">{t('common.episodeCount', { count: total })}</dd>
        </div>
        <div>
          <dt>{t('drama.runtime')}</dt>
          <dd data-testid="drama-fact-runtime">
            {runtimeText(dramaRuntime(drama.episodes.map((episode) => episode.duration_s)), t)}
          </dd>
        </div>
        <div>
          <dt>{t('drama.free')}</dt>
          <dd data-testid="drama-fact-free">
            {t('drama.freeValue', { count: drama.episodes.filter((episode) => episode.free).length, total })}
          </dd>
        </div>
      </dl>
      <div className="ui-drama-facts__offer" data-testid="drama-offer" data-offer={offer.kind}>
        {offer.kind === 'priced' ? (
          <>
            <p className="ui-drama-facts__offer-title">{t('drama.prices')}</p>
            <dl className="ui-drama-facts__list">
              <div>
                <dt>{t('drama.episodePrice')}</dt>
                <dd data-testid="drama-price-episode" data-coins={offer.episode}>
                  {t('drama.coins', { count: offer.episode })}
                </dd>
              </div>
              <div>
                <dt>{t('drama.allPrice')}</dt>
                <dd data-testid="drama-price-all" data-coins={offer.all} data-episodes={offer.lockedCount}>
                  {t('drama.allValue', { price: offer.all, count: offer.lockedCount })}
                </dd>
              </div>
            </dl>
            {offer.vipCovers && (
              <p className="ui-drama-facts__vip" data-testid="drama-vip-covers">
                {t('drama.vipCovers')}{' '}
                <Link to={PATHS.vip} className="ui-drama-facts__vip-link">
                  {t('drama.getVip')}
                </Link>
              </p>
            )}
          </>
        ) : (
          <p className="ui-drama-facts__offer-title">
            {offer.kind === 'free'
              ? t('drama.offerFree')
              : offer.kind === 'vip'
                ? t('drama.offerVip')
                : t('drama.offerOwned')}
          </p>
        )}
      </div>
    </div>
  );
}
