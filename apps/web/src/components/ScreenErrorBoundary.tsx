/**
 * A screen that throws (or whose file would not load) shows a Spanish message and 'Reintentar' in
 * its place instead of taking the whole app down to a blank page. It clears itself when the route
 * changes and, for a file that did not load, when the network comes back.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '../lib/chunk-load';
import { retryFailedScreens } from '../lib/lazy-screen';
import { ScreenError } from './ScreenError';

interface Props {
  children: ReactNode;
  /** A change (the route's path) clears a shown error: the next screen gets its own chance. */
  resetKey?: string;
}

interface State {
  failure: { error: unknown } | null;
}

export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error } };
  }

  override componentDidMount() {
    window.addEventListener('online', this.retryChunk);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failure) this.retry();
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retryChunk);
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The screen is replaced by the message: the details stay available to whoever opens the console.
    console.error(error, info.componentStack);
  }

  private retry = () => {
    retryFailedScreens();
    this.setState({ failure: null });
  };

  private retryChunk = () => {
    if (this.state.failure?.error instanceof ChunkLoadError) this.retry();
  };

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return <ScreenError chunk={failure.error instanceof ChunkLoadError} onRetry={this.retry} />;
  }
}
