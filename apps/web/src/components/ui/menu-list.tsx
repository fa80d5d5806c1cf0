import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons';
import './menu-list.css';

export interface MenuEntry {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A link entry (with `onSelect` too, it runs on the way out)… */
  to?: string;
  /** …or an action entry. */
  onSelect?: () => void;
  danger?: boolean;
  testId?: string;
}

const rowClassName = (entry: MenuEntry): string =>
  entry.danger ? 'ui-menu__row ui-menu__row--danger' : 'ui-menu__row';

/** A grouped list of entries (settings style); each row is one 44px+ link or button. */
export function MenuList({ entries }: { entries: readonly MenuEntry[] }) {
  return (
    <ul className="ui-menu">
      {entries.map((entry) => {
        const body = (
          <>
            {entry.icon && <span className="ui-menu__icon">{entry.icon}</span>}
            <span className="ui-menu__label">{entry.label}</span>
            <ChevronRightIcon className="ui-menu__chevron" size={18} />
          </>
        );
        const className = rowClassName(entry);
        return (
          <li key={entry.key}>
            {entry.to ? (
              <Link to={entry.to} className={className} onClick={entry.onSelect} data-testid={entry.testId}>
                {body}
              </Link>
            ) : (
              <button type="button" className={className} onClick={entry.onSelect} data-testid={entry.testId}>
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
