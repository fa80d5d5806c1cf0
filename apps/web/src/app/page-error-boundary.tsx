import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageLoadError } from './lazy-page';

export interface PageErrorBoundaryProps {
  /** Rendered instead of the page after an error; `retry` clears the error and renders again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  onRetry?: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches what a page throws: a failed chunk load or an unexpected render error. */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!(error instanceof PageLoadError)) console.error('page render error', error, info.componentStack);
  }

  retry = (): void => {
    this.props.onRetry?.(this.state.error);
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}
