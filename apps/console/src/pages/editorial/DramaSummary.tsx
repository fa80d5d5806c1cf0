import type { EditorialDrama } from '@cliffhanger/contract/console';
import { t } from '../../i18n/messages';

/** Whether viewers see the drama, in words: a scheduled one says when. */
function statusText(drama: EditorialDrama): string {
  if (drama.status === 'scheduled' && drama.published_at !== null) {
    return t('editorial.status.scheduled', { date: new Date(drama.published_at).toLocaleString() });
  }
  return t(`editorial.status.${drama.status}`);
}

/** A drama in an editorial list or search: its picture, title, release state, and a missing banner. */
export function DramaSummary({ drama }: { drama: EditorialDrama }) {
  const picture = drama.banner ?? drama.poster;
  return (
    <span className="drama-summary">
      {picture === '' ? (
        <span className="drama-summary__thumb drama-summary__thumb--none" aria-hidden="true" />
      ) : (
        <img className="drama-summary__thumb" src={picture} alt="" loading="lazy" />
      )}
      <span className="drama-summary__text">
        <span className="drama-summary__title">{drama.title}</span>
        <span className={`drama-summary__status drama-summary__status--${drama.status}`}>{statusText(drama)}</span>
        {drama.banner === null && <span className="drama-summary__warning">{t('editorial.item.noBanner')}</span>}
      </span>
    </span>
  );
}
