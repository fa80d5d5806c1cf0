import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t, type MessageKey } from '../i18n/messages';

type Step = 'up' | 'down';

/**
 * The words of one list, each given `{title}`, `{position}` and `{count}`: what a move by the
 * buttons and by dragging announces, and how to drag by keyboard.
 */
export interface SortableListMessages {
  /** After a move by an up or down button. */
  moved: MessageKey;
  instructions: MessageKey;
  picked: MessageKey;
  over: MessageKey;
  dropped: MessageKey;
  cancelled: MessageKey;
  up: MessageKey;
  down: MessageKey;
}

interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** Names the list for assistive technology. */
  label: string;
  onChange: (items: T[]) => void;
  /** The row's data attribute carrying the item's id, e.g. `data-drama-id`. */
  idAttribute: `data-${string}`;
  titleOf: (item: T) => string;
  messages: SortableListMessages;
  handleLabel: (item: T) => string;
  /** What the row shows as its 1-based position; the number itself by default. */
  positionLabel?: (position: number) => string;
  /** What a row shows after its handle and position. */
  renderItem: (item: T) => ReactNode;
  /** More actions after the row's up and down buttons. */
  renderActions?: (item: T) => ReactNode;
}

/**
 * An ordered list to rearrange: drag a row by its handle (mouse, touch, or keyboard: space picks it
 * up, arrows move it, space drops it), or press its up and down buttons. Every move is announced
 * to screen readers; positions shown are the numbers to come.
 */
export function SortableList<T extends { id: number }>({
  items,
  label,
  onChange,
  idAttribute,
  titleOf,
  messages,
  handleLabel,
  positionLabel = String,
  renderItem,
  renderActions,
}: SortableListProps<T>) {
  const [announcement, setAnnouncement] = useState('');
  // After a button move React may re-insert the focused row, which loses focus: the effect below
  // gives it back once the new order is drawn.
  const focusAfterMove = useRef<{ id: number; step: Step } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const count = items.length;
  const indexOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id);
  const titleOfId = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item ? titleOf(item) : '';
  };
  const move = (from: number, to: number) => onChange(arrayMove([...items], from, to));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(indexOf(active.id), indexOf(over.id));
  };

  const step = (index: number, direction: Step) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const item = items[index];
    if (!item || to < 0 || to >= count) return;
    move(index, to);
    focusAfterMove.current = { id: item.id, step: direction };
    setAnnouncement(t(messages.moved, { title: titleOf(item), position: to + 1, count }));
  };

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const row = listRef.current?.querySelector<HTMLElement>(`[${idAttribute}="${pending.id}"]`);
    // At the top the up button is disabled (at the bottom, down): the other one takes the focus.
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-step="${pending.step}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-step="${pending.step === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });

  const at = (id: UniqueIdentifier, position: number) => ({ title: titleOfId(id), position, count });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t(messages.picked, at(active.id, indexOf(active.id) + 1)),
    onDragOver: ({ active, over }) => (over ? t(messages.over, at(active.id, indexOf(over.id) + 1)) : undefined),
    onDragEnd: ({ active, over }) => (over ? t(messages.dropped, at(active.id, indexOf(over.id) + 1)) : undefined),
    onDragCancel: ({ active }) => t(messages.cancelled, { title: titleOfId(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t(messages.instructions) } }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className="sortable" aria-label={label} ref={listRef}>
          {items.map((item, index) => {
            const title = titleOf(item);
            return (
              <SortableRow
                key={item.id}
                id={item.id}
                idAttribute={idAttribute}
                handleLabel={handleLabel(item)}
                position={positionLabel(index + 1)}
                upLabel={t(messages.up, { title })}
                downLabel={t(messages.down, { title })}
                first={index === 0}
                last={index === count - 1}
                onStep={(direction) => step(index, direction)}
                actions={renderActions?.(item)}
              >
                {renderItem(item)}
              </SortableRow>
            );
          })}
        </ol>
      </SortableContext>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </DndContext>
  );
}

interface SortableRowProps {
  id: number;
  idAttribute: `data-${string}`;
  handleLabel: string;
  position: string;
  upLabel: string;
  downLabel: string;
  first: boolean;
  last: boolean;
  onStep: (direction: Step) => void;
  actions: ReactNode;
  children: ReactNode;
}

function SortableRow({
  id,
  idAttribute,
  handleLabel,
  position,
  upLabel,
  downLabel,
  first,
  last,
  onStep,
  actions,
  children,
}: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  // Set through the CSSOM by React, which the console's CSP (style-src 'self') allows; a style
  // attribute in the markup it would not.
  const style = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={isDragging ? 'sortable__item sortable__item--dragging' : 'sortable__item'}
      {...{ [idAttribute]: id }}
    >
      <button
        type="button"
        className="sortable__handle"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={handleLabel}
      >
        <span className="icon icon--grip" aria-hidden="true" />
      </button>
      <span className="sortable__position">{position}</span>
      {children}
      <span className="sortable__actions">
        <button
          type="button"
          className="button button--small"
          data-step="up"
          disabled={first}
          aria-label={upLabel}
          onClick={() => onStep('up')}
        >
          <span className="icon icon--up" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="button button--small"
          data-step="down"
          disabled={last}
          aria-label={downLabel}
          onClick={() => onStep('down')}
        >
          <span className="icon icon--down" aria-hidden="true" />
        </button>
        {actions}
      </span>
    </li>
  );
}
