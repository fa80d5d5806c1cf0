import { DRAMA_GENRES_MAX, GENRE_NAMES, GENRES, type Genre } from '@cliffhanger/contract/browser';
import { useId } from 'react';
import { t } from '../../i18n/messages';

/**
 * A drama's genres: one box per genre of the contract's catalogue, in its order. More than
 * DRAMA_GENRES_MAX may be ticked; the contract's rule refuses them on save, under this field.
 */
export function GenresField({
  value,
  error,
  onChange,
}: {
  value: readonly Genre[];
  error?: string | undefined;
  onChange: (value: Genre[]) => void;
}) {
  const id = useId();
  const toggle = (genre: Genre, on: boolean) =>
    // Kept in the catalogue's order, whatever order they were ticked in.
    onChange(GENRES.filter((g) => (g === genre ? on : value.includes(g))));
  return (
    <fieldset
      className="field genres-field"
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
      aria-invalid={error !== undefined}
    >
      <legend className="field__label">{t('catalogue.form.genres')}</legend>
      <div className="genres-field__options">
        {GENRES.map((genre) => (
          <label key={genre} className="field--check">
            <input
              type="checkbox"
              name="genres"
              value={genre}
              checked={value.includes(genre)}
              onChange={(event) => toggle(genre, event.target.checked)}
            />
            {GENRE_NAMES[genre].en}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('catalogue.form.genresHint', { max: DRAMA_GENRES_MAX })}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
