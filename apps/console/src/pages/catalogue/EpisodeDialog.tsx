import { LANGUAGES, type Language } from '@cliffhanger/contract/browser';
import {
  consoleRemoveSubtitle,
  consoleUpdateEpisode,
  consoleUploadSubtitle,
  SUBTITLE_MAX_BYTES,
  type ConsoleEpisode,
} from '@cliffhanger/contract/console';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { t } from '../../i18n/messages';
import { checkEpisodeTitle, serverFieldErrors, type FieldErrors, type LocalisedForm } from './drama-form';
import { useDramaWrite } from './drama-queries';
import { Field } from '../../components/Field';
import { LocalisedFields } from './LocalisedFields';
import { uploadForm } from './upload-form';

const KB = 1024;
const languageName = (lang: Language) => t(`catalogue.lang.${lang}`);

interface EpisodeDialogProps {
  dramaId: number;
  episode: ConsoleEpisode;
  onClose: () => void;
}

/** An episode's titles in three languages and its subtitle file per language. */
export function EpisodeDialog({ dramaId, episode, onClose }: EpisodeDialogProps) {
  const [title, setTitle] = useState<LocalisedForm>({
    en: episode.title.en,
    zh: episode.title.zh ?? '',
    tr: episode.title.tr ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const update = useDramaWrite(consoleUpdateEpisode, () => setDone(t('catalogue.form.saved')));
  const shown = { ...serverFieldErrors(update.error), ...errors };
  const params = { id: dramaId, episodeId: episode.id };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const checked = checkEpisodeTitle(title);
    setErrors('errors' in checked ? checked.errors : {});
    if ('errors' in checked) return;
    update.mutate({ input: { params, body: checked.body } });
  };

  return (
    <Dialog title={t('catalogue.episode.editTitle', { number: episode.number })} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <LocalisedFields
          form={{ title, synopsis: { en: '', zh: '', tr: '' } }}
          errors={shown}
          synopsis={false}
          onChange={(_field, lang, value) => setTitle((current) => ({ ...current, [lang]: value }))}
        />
        {update.error && Object.keys(serverFieldErrors(update.error)).length === 0 && (
          <ErrorNotice error={update.error} />
        )}
        <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? t('catalogue.form.saving') : t('catalogue.form.save')}
          </button>
        </div>
      </form>
      <h3>{t('catalogue.episode.subtitles')}</h3>
      {LANGUAGES.map((lang) => (
        <SubtitleRow key={lang} dramaId={dramaId} episode={episode} lang={lang} />
      ))}
      <div className="form__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('app.close')}
        </button>
      </div>
    </Dialog>
  );
}

/** One language's subtitles: whether there are any, a WebVTT file to upload, removing them. */
function SubtitleRow({ dramaId, episode, lang }: { dramaId: number; episode: ConsoleEpisode; lang: Language }) {
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const language = languageName(lang);
  const upload = useDramaWrite(consoleUploadSubtitle, () => {
    setFile(null);
    setDone(t('catalogue.episode.subtitleSaved', { language }));
  });
  const remove = useDramaWrite(consoleRemoveSubtitle, () =>
    setDone(t('catalogue.episode.subtitleRemoved', { language })),
  );
  const present = episode.subtitles.includes(lang);
  const params = { id: dramaId, episodeId: episode.id, lang };
  const error = upload.error ?? remove.error;

  return (
    <div className="catalogue__subtitle">
      <p>
        {present
          ? t('catalogue.episode.subtitlePresent', { language })
          : t('catalogue.episode.subtitleMissing', { language })}
      </p>
      <Field
        label={t('catalogue.episode.subtitleFile', { language, kb: SUBTITLE_MAX_BYTES / KB })}
        error={tooLarge ? t('catalogue.episode.subtitleTooLarge', { kb: SUBTITLE_MAX_BYTES / KB }) : undefined}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept=".vtt,text/vtt"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setDone(null);
              setTooLarge(chosen !== null && chosen.size > SUBTITLE_MAX_BYTES);
              setFile(chosen);
            }}
          />
        )}
      </Field>
      <span className="table__actions">
        <button
          type="button"
          className="button button--small"
          disabled={file === null || tooLarge || upload.isPending}
          onClick={() => file && upload.mutate({ input: { params, body: uploadForm(file) } })}
        >
          {t('catalogue.episode.subtitleUpload', { language })}
        </button>
        <button
          type="button"
          className="button button--small button--danger"
          disabled={!present || remove.isPending}
          onClick={() => remove.mutate({ input: { params, body: {} } })}
        >
          {t('catalogue.episode.subtitleRemove', { language })}
        </button>
      </span>
      {error && <ErrorNotice error={error} />}
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
    </div>
  );
}
