import { useQueryClient } from '@tanstack/react-query';
import {
  consoleGetEditorial,
  consolePreviewHome,
  consoleSetBanners,
  consoleSetShelf,
  type EditorialDrama,
} from '@cliffhanger/contract/console';
import { useId, useState, type FormEvent } from 'react';
import { consoleKey, useConsoleMutation } from '../../api/console-query';
import { ErrorNotice } from '../../components/ErrorNotice';
import { t } from '../../i18n/messages';
import { CandidateSearch } from './CandidateSearch';
import { SortableDramaList } from './SortableDramaList';

type EditorialList = 'banners' | 'shelf';

const TEXT = {
  banners: {
    title: 'editorial.banners.title',
    hint: 'editorial.banners.hint',
    empty: 'editorial.banners.empty',
  },
  shelf: {
    title: 'editorial.shelf.title',
    hint: 'editorial.shelf.hint',
    empty: 'editorial.shelf.empty',
  },
} as const;

function sameOrder(a: readonly EditorialDrama[], b: readonly EditorialDrama[]): boolean {
  return a.length === b.length && a.every((drama, i) => drama.id === b[i]?.id);
}

interface PlacementEditorProps {
  list: EditorialList;
  /** The list as saved on the server. */
  saved: readonly EditorialDrama[];
  max: number;
}

/**
 * One editorial list: reorder it, add dramas from a search, remove them, then save the whole list
 * with a reason. Nothing reaches viewers before the save.
 */
export function PlacementEditor({ list, saved, max }: PlacementEditorProps) {
  const text = TEXT[list];
  const headingId = useId();
  const reasonId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<EditorialDrama[] | null>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const items = draft ?? saved;
  const dirty = draft !== null && !sameOrder(draft, saved);

  const save = useConsoleMutation(list === 'banners' ? consoleSetBanners : consoleSetShelf, {
    onSuccess: (editorial) => {
      queryClient.setQueryData(consoleKey(consoleGetEditorial), editorial);
      void queryClient.invalidateQueries({ queryKey: consoleKey(consolePreviewHome) });
      setDraft(null);
      setReason('');
      setJustSaved(true);
    },
  });

  const change = (next: EditorialDrama[] | null) => {
    setDraft(next);
    setJustSaved(false);
    save.reset();
  };

  const refusal = (drama: EditorialDrama): string | null => {
    if (items.some((placed) => placed.id === drama.id)) return t('editorial.search.added');
    if (list === 'banners' && drama.banner === null) return t('editorial.search.noBanner');
    if (items.length >= max) return t('editorial.search.full');
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonMissing(true);
      return;
    }
    save.mutate({ input: { body: { drama_ids: items.map((drama) => drama.id), reason: reason.trim() } } });
  };

  const listName = t(text.title);
  return (
    <section className="panel placement" aria-labelledby={headingId}>
      <h2 id={headingId}>{listName}</h2>
      <p className="field__hint">{t(text.hint, { max })}</p>
      {items.length === 0 ? (
        <p className="placement__empty">{t(text.empty)}</p>
      ) : (
        <SortableDramaList
          items={items}
          label={t('editorial.list.label', { list: listName, count: items.length, max })}
          onChange={change}
        />
      )}
      <CandidateSearch refusal={refusal} onAdd={(drama) => change([...items, drama])} />
      <form className="form placement__save" onSubmit={submit} noValidate>
        <label className="field" htmlFor={reasonId}>
          <span className="field__label">{t('editorial.reason')}</span>
          <input
            id={reasonId}
            className="input"
            value={reason}
            maxLength={500}
            aria-invalid={reasonMissing}
            aria-describedby={`${reasonId}-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonMissing(false);
            }}
          />
        </label>
        <p id={`${reasonId}-hint`} className={reasonMissing ? 'field__error' : 'field__hint'}>
          {reasonMissing ? t('editorial.reasonMissing') : t('editorial.reasonHint')}
        </p>
        {save.error && <ErrorNotice error={save.error} />}
        <div role="status">
          {justSaved && <p className="notice notice--ok">{t('editorial.saved')}</p>}
          {dirty && <p className="placement__unsaved">{t('editorial.unsaved')}</p>}
        </div>
        <div className="form__actions form__actions--start">
          <button type="submit" className="button button--primary" disabled={!dirty || save.isPending}>
            {save.isPending ? t('editorial.saving') : t('editorial.save', { list: listName })}
          </button>
          <button type="button" className="button" disabled={!dirty || save.isPending} onClick={() => change(null)}>
            {t('editorial.discard')}
          </button>
        </div>
      </form>
    </section>
  );
}
