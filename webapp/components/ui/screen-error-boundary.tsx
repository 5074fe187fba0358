import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './error-state';

/** end-user.md §8: what a user sees for a failure nothing else explains. */
const UNKNOWN_ERROR_TEXT = 'Неизвестная ошибка';

interface Props {
  children: ReactNode;
  /** The path: moving elsewhere clears the failure, so one broken screen never locks the app. */
  resetKey: string;
}

/** Catches a screen that throws while rendering (or whose chunk fails to load) and keeps the frame usable. */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    // A reload also fetches a chunk that failed to load; React keeps a failed lazy import failed.
    return <ErrorState message={UNKNOWN_ERROR_TEXT} onRetry={() => window.location.reload()} />;
  }
}
