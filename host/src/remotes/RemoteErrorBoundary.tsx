import { Component, type ReactNode } from 'react';
import { remoteFailureReason } from './remote-failure';
import type { RemoteFailureReason } from './remote-failure';
import { RemoteUnavailablePanel } from './RemoteUnavailablePanel';

type Props = { remoteId: string; onRetry: () => void; children: ReactNode };
type State = { failure: RemoteFailureReason | null };

/** Keeps a crash or a failed load inside one remote's page; the shell and the rest keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failure: remoteFailureReason(error) };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The page from ${this.props.remoteId} failed.`, error);
  }

  override render() {
    if (this.state.failure) return <RemoteUnavailablePanel reason={this.state.failure} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
