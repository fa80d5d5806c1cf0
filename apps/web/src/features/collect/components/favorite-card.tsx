import type { FavoriteItem } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { DramaCardView } from '../../../components/ui/drama-card';
import { TrashIcon } from '../../../components/ui/icons';
import { useDramaSheetHref } from '../../../lib/drama-sheet';
import './favorite-card.css';

/** A drama on the list tab: the card opens it; the corner button takes it off the list. */
export function FavoriteCard({ item, onRemove }: { item: FavoriteItem; onRemove: (dramaId: number) => void }) {
  const { t } = useTranslation();
  const dramaHref = useDramaSheetHref();
  return (
    <div className="collect-card">
      <DramaCardView drama={item} href={dramaHref(item.id)} testId="collect-card" />
      <button
        type="button"
        className="collect-card__remove"
        aria-label={t('collect.remove', { title: item.title })}
        onClick={() => onRemove(item.id)}
        data-testid="collect-remove"
        data-drama-id={item.id}
      >
        <TrashIcon size={16} />
      </button>
    </div>
  );
}
