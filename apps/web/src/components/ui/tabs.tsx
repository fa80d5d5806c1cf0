import { useRef, type KeyboardEvent } from 'react';
import './tabs.css';

export interface TabOption<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  options: readonly TabOption<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  /** Prefix of each tab's id and test id, e.g. 'wallet-tab' gives wallet-tab-income. */
  idPrefix: string;
  /** Id of the element the tabs control. */
  panelId?: string;
}

/** WAI-ARIA tabs: one tab stop, arrow keys move between tabs and select them. */
export function Tabs<K extends string>({ options, value, onChange, label, idPrefix, panelId }: TabsProps<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = options.findIndex((option) => option.key === value);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % options.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + options.length) % options.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = options.length - 1;
    else return;
    event.preventDefault();
    const option = options[next];
    if (!option) return;
    onChange(option.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="ui-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {options.map((option, index) => {
        const selected = option.key === value;
        return (
          <button
            key={option.key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${option.key}`}
            data-testid={`${idPrefix}-${option.key}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'ui-tabs__tab ui-tabs__tab--selected' : 'ui-tabs__tab'}
            onClick={() => onChange(option.key)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
