import { GENRE_NAMES, GENRES, type Genre } from '@cliffhanger/contract/browser';
import { useContentLanguage } from '../../../lib/use-content-language';
import { useTranslation } from '../../../lib/use-translation';
import './genre-chips.css';

/** A genre's name in the language the app shows (the contract's catalogue of names). */
export function useGenreName(): (genre: Genre) => string {
  const lang = useContentLanguage();
  return (genre) => GENRE_NAMES[genre][lang];
}

/**
 * Home's genre chips: "All" and one chip per genre of the catalogue, in a row that scrolls
 * sideways on a phone. The chosen one is pressed; it filters the browse list below.
 */
export function GenreChips({ value, onChange }: { value: Genre | null; onChange: (genre: Genre | null) => void }) {
  const { t } = useTranslation();
  const nameOf = useGenreName();
  const chip = (genre: Genre | null, label: string) => (
    <button
      key={genre ?? 'all'}
      type="button"
      className={genre === value ? 'home-genres__chip is-selected' : 'home-genres__chip'}
      aria-pressed={genre === value}
      data-testid={`home-genre-${genre ?? 'all'}`}
      onClick={() => onChange(genre)}
    >
      {label}
    </button>
  );
  return (
    <div className="home-genres" role="group" aria-label={t('home.genres')} data-testid="home-genres">
      {chip(null, t('home.genreAll'))}
      {GENRES.map((genre) => chip(genre, nameOf(genre)))}
    </div>
  );
}
