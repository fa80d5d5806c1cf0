import type { ReactNode } from 'react';
import { BackButton } from './back-button';
import './nav-bar.css';

/**
 * Navigation-bar kinds (docs/product.md#other-routes): the shell draws default and dark bars, a page draws a
 * custom one.
 */
export type NavKind = 'default' | 'custom' | 'dark';

export interface NavBarProps {
  kind: NavKind;
  title?: ReactNode;
  showBack?: boolean;
  /** Custom bars: replaces the title row entirely. */
  children?: ReactNode;
  className?: string;
}

/**
 * A navigation bar with the default 20px status-bar spacer on top (docs/product.md#layout-and-breakpoints),
 * drawn in the bar's own colour so the bar reads as one piece.
 */
export function NavBar({ kind, title, showBack = false, children, className }: NavBarProps) {
  return (
    <header
      className={['ui-nav', `ui-nav--${kind}`, className].filter(Boolean).join(' ')}
      data-testid="nav-bar"
      data-nav-kind={kind}
    >
      <div className="ui-nav__status" data-testid="status-bar" />
      <div className="ui-nav__bar">
        {children ?? (
          <>
            <div className="ui-nav__side">{showBack && <BackButton />}</div>
            <h1 className="ui-nav__title" data-role="nav-title">
              {title}
            </h1>
            <div className="ui-nav__side ui-nav__side--end" />
          </>
        )}
      </div>
    </header>
  );
}
