import { consoleUpdateDrama, type ConsoleDrama } from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { t } from '../../i18n/messages';
import { checkDramaText, dramaTextFormOf, type DramaTextForm } from './drama-form';
import { LocalisedFields } from './LocalisedFields';
import { PanelSaveFooter } from './PanelSaveFooter';
import { GenresField } from './GenresField';
import { TagsField } from './TagsField';
import { usePanelSave } from './use-panel-save';

/** Titles and synopses in three languages, tags and genres: saved together, audited as what changed. */
export function DramaDetailsPanel({ drama }: { drama: ConsoleDrama }) {
  const [form, setForm] = useState<DramaTextForm>(() => dramaTextFormOf(drama));
  const panel = usePanelSave(consoleUpdateDrama, 'catalogue.form.saved');
  const { shown, setDone } = panel;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    panel.submit(drama.id, checkDramaText(form));
  };

  return (
    <section className="panel" aria-labelledby="details-title">
      <h2 id="details-title">{t('catalogue.drama.details')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <LocalisedFields
          form={form}
          errors={shown}
          onChange={(field, lang, value) => {
            setDone(null);
            setForm((current) => ({ ...current, [field]: { ...current[field], [lang]: value } }));
          }}
        />
        <TagsField
          value={form.tags}
          error={shown.tags}
          onChange={(tags) => setForm((current) => ({ ...current, tags }))}
        />
        <GenresField
          value={form.genres}
          error={shown.genres}
          onChange={(genres) => {
            setDone(null);
            setForm((current) => ({ ...current, genres }));
          }}
        />
        <PanelSaveFooter {...panel} />
      </form>
    </section>
  );
}
