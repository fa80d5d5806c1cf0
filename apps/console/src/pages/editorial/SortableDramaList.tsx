import type { EditorialDrama } from '@cliffhanger/contract/console';
import { SortableList, type SortableListMessages } from '../../components/SortableList';
import { t } from '../../i18n/messages';
import { DramaSummary } from './DramaSummary';

const MESSAGES: SortableListMessages = {
  moved: 'editorial.moved',
  instructions: 'editorial.dnd.instructions',
  picked: 'editorial.dnd.picked',
  over: 'editorial.dnd.moved',
  dropped: 'editorial.dnd.dropped',
  cancelled: 'editorial.dnd.cancelled',
  up: 'editorial.item.up',
  down: 'editorial.item.down',
};

interface SortableDramaListProps {
  items: readonly EditorialDrama[];
  /** Names the list for assistive technology. */
  label: string;
  onChange: (items: EditorialDrama[]) => void;
}

/** An ordered list of dramas an editor rearranges, each row with a button that takes its drama out. */
export function SortableDramaList({ items, label, onChange }: SortableDramaListProps) {
  return (
    <SortableList
      items={items}
      label={label}
      onChange={onChange}
      idAttribute="data-drama-id"
      titleOf={(drama) => drama.title}
      messages={MESSAGES}
      handleLabel={(drama) => t('editorial.item.handle', { title: drama.title })}
      positionLabel={(position) => t('editorial.item.position', { position })}
      renderItem={(drama) => <DramaSummary drama={drama} />}
      renderActions={(drama) => (
        <button
          type="button"
          className="button button--small button--danger"
          aria-label={t('editorial.item.remove', { title: drama.title })}
          onClick={() => onChange(items.filter((other) => other.id !== drama.id))}
        >
          <span className="icon icon--remove" aria-hidden="true" />
        </button>
      )}
    />
  );
}
