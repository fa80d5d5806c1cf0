import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { QueryView } from './QueryView';

interface DramaSearchProps<T extends { id: number }> {
  /** The texts of the form and of its answers. */
  text: { label: string; placeholder: string; submit: string; results: string; none: string };
  /** Called with the trimmed text when the operator searches. */
  onSearch: (q: string) => void;
  /** The answer to the last search; null before there is one to show. */
  results: UseQueryResult<T[]> | null;
  /** What a found drama's row holds: its summary and what can be done with it. */
  row: (drama: T) => ReactNode;
}

/** A search for dramas by a piece of their title, and its results as a list of rows. */
export function DramaSearch<T extends { id: number }>({ text, onSearch, results, row }: DramaSearchProps<T>) {
  const inputId = useId();
  const [value, setValue] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };

  return (
    <>
      <form role="search" className="candidates__form" onSubmit={submit}>
        <label className="field__label" htmlFor={inputId}>
          {text.label}
        </label>
        <span className="candidates__row">
          <input
            id={inputId}
            className="input"
            type="search"
            value={value}
            placeholder={text.placeholder}
            onChange={(event) => setValue(event.target.value)}
          />
          <button type="submit" className="button">
            {text.submit}
          </button>
        </span>
      </form>
      {results && (
        <QueryView query={results}>
          {(found) =>
            found.length === 0 ? (
              <p className="candidates__none">{text.none}</p>
            ) : (
              <ul className="candidates__list" aria-label={text.results}>
                {found.map((drama) => (
                  <li key={drama.id} className="candidates__item">
                    {row(drama)}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      )}
    </>
  );
}
