import type { TabOption } from './tabs';
import './segmented.css';

/** A row of mutually exclusive toggle buttons (e.g. a sort order); the chosen one is pressed. */
export function Segmented<K extends string>({
  options,
  value,
  onChange,
  label,
  testIdPrefix,
}: {
  options: readonly TabOption<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  testIdPrefix: string;
}) {
  return (
    <div className="ui-segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          className={option.key === value ? 'ui-segmented__item is-selected' : 'ui-segmented__item'}
          aria-pressed={option.key === value}
          data-testid={`${testIdPrefix}-${option.key}`}
          onClick={() => onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
