import {
  ARTWORK_KINDS,
  ARTWORK_MAX_BYTES,
  consoleUploadArtwork,
  type ArtworkKind,
  type ConsoleDrama,
} from '@cliffhanger/contract/console';
import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { t } from '../../i18n/messages';
import { useDramaWrite } from './drama-queries';
import { Field } from '../../components/Field';
import { uploadForm } from './upload-form';

const MB = 1024 * 1024;

/** The poster and the banner, each with its current image, a preview of the chosen file and an upload. */
export function ArtworkPanel({ drama }: { drama: ConsoleDrama }) {
  return (
    <section className="panel" aria-labelledby="artwork-title">
      <h2 id="artwork-title">{t('catalogue.artwork.title')}</h2>
      <div className="catalogue__artwork">
        {ARTWORK_KINDS.map((kind) => (
          <ArtworkUpload key={kind} drama={drama} kind={kind} />
        ))}
      </div>
    </section>
  );
}

function ArtworkUpload({ drama, kind }: { drama: ConsoleDrama; kind: ArtworkKind }) {
  // The chosen file and its local preview (a blob: URL, which the console's CSP allows).
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A preview replaced or left behind is freed.
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );
  const file = chosen?.file ?? null;
  const kindName = t(`catalogue.artwork.kind.${kind}`);
  const upload = useDramaWrite(consoleUploadArtwork, () => {
    setChosen(null);
    setDone(t('catalogue.artwork.saved', { kind: kindName }));
  });
  const current = drama[kind];
  const tooLarge = file !== null && file.size > ARTWORK_MAX_BYTES;

  return (
    <div className="catalogue__artwork-item">
      <h3>{t(`catalogue.artwork.${kind}`)}</h3>
      {current === '' ? (
        <p className="field__hint">{t('catalogue.artwork.none')}</p>
      ) : (
        <img
          className={`catalogue__image catalogue__image--${kind}`}
          src={current}
          alt={t('catalogue.artwork.currentAlt', { kind: kindName })}
        />
      )}
      <Field
        label={t('catalogue.artwork.choose')}
        hint={t('catalogue.artwork.hint', { mb: ARTWORK_MAX_BYTES / MB })}
        error={tooLarge ? t('catalogue.artwork.tooLarge', { mb: ARTWORK_MAX_BYTES / MB }) : undefined}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept="image/*"
            onChange={(event) => {
              setDone(null);
              upload.reset();
              const picked = event.target.files?.[0];
              setChosen(picked ? { file: picked, preview: URL.createObjectURL(picked) } : null);
            }}
          />
        )}
      </Field>
      {chosen && (
        <img
          className={`catalogue__image catalogue__image--${kind}`}
          src={chosen.preview}
          alt={t('catalogue.artwork.previewAlt')}
        />
      )}
      <div className="form__actions form__actions--start">
        <button
          type="button"
          className="button button--primary"
          disabled={file === null || tooLarge || upload.isPending}
          onClick={() => file && upload.mutate({ input: { params: { id: drama.id, kind }, body: uploadForm(file) } })}
        >
          {upload.isPending ? t('catalogue.artwork.uploading') : t('catalogue.artwork.upload')}
        </button>
      </div>
      {upload.error && <ErrorNotice error={upload.error} />}
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
    </div>
  );
}
