import { Component, type ReactNode } from 'react';
import { SectionUnavailable } from '@portal/shared/ui/SectionUnavailable';

type Props = { remoteId: string; onRetry: () => void; children: ReactNode };
type State = { failed: boolean };

/** Keeps a crash or a failed load inside one remote's page; the shell and the rest keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The page from ${this.props.remoteId} failed.`, error);
  }

  override render() {
    if (this.state.failed) return <SectionUnavailable onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
