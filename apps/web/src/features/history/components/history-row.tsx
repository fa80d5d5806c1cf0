import type { HistoryItem } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { TrashIcon } from '../../../components/ui/icons';
import { PosterImage } from '../../../components/ui/poster-image';
import { useDramaSheetHref } from '../../../lib/drama-sheet';
import { videoHref } from '../../../lib/paths';
import { useViewport } from '../../../lib/viewport';
import { clockTime, watchedPercent } from '../watch-progress';
import './history-row.css';

/** One drama in the history: where the viewer stopped, and a way back to exactly there. */
export function HistoryRow({ item, onRemove }: { item: HistoryItem; onRemove: (dramaId: number) => void }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const dramaHref = useDramaSheetHref();
  const percent = watchedPercent(item.position_s, item.duration_s);
  const progress = t('history.progressText', {
    position: clockTime(item.position_s),
    duration: clockTime(item.duration_s),
  });
  return (
    <div className="history-row" data-testid="history-item" data-drama-id={item.id}>
      <Link
        className="history-row__open"
        to={dramaHref(item.id)}
        aria-label={t('drama.open', { title: item.title })}
        data-testid="history-open"
      >
        <PosterImage src={item.poster} className="history-row__poster" sizes="66px" />
      </Link>
      <div className="history-row__info">
        <p className="history-row__title" data-role="drama-title">
          {item.title}
        </p>
        <p className="history-row__episode" data-testid="history-episode">
          {t('history.episode', { n: item.episode_number })}
        </p>
        <div
          className="history-row__bar"
          role="progressbar"
          aria-label={t('history.progressLabel', { title: item.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={progress}
          data-testid="history-progress"
        >
          <span className="history-row__fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="history-row__time">{progress}</p>
      </div>
      <div className="history-row__actions">
        <Link
          className={buttonClassName('primary', false, true)}
          to={videoHref(isMobile, item.id, item.episode_id)}
          aria-label={t('history.continueLabel', { title: item.title, n: item.episode_number })}
          data-testid="history-continue"
        >
          {t('history.continue')}
        </Link>
        <button
          type="button"
          className="history-row__remove"
          aria-label={t('history.remove', { title: item.title })}
          onClick={() => onRemove(item.id)}
          data-testid="history-remove"
        >
          <TrashIcon size={18} />
        </button>
      </div>
    </div>
  );
}
