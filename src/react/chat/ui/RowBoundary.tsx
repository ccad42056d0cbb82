import { Component, type ReactNode } from 'react';
import { ChatError } from '../../../protocol';
import { useChatUI } from './context';

/** Props of {@link RowBoundary}. */
interface RowBoundaryProps {
  /** Shown instead of `children` once they threw. */
  fallback: ReactNode;
  onError: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Contains a render error to its own part of the chat: whatever a message holds, or a
 * host's `renderMessage` does, one row shows `fallback` and the rest of the chat (and the
 * host's page) goes on. Stays on the fallback: a row that keeps failing reports once.
 */
export class RowBoundary extends Component<RowBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A {@link RowBoundary} for a part of the chat named `name`: shows `labels.partFailed` and
 * reports a non-fatal `render` {@link ChatError} to the chat's `onError`.
 */
export function PartBoundary({ name, children }: { name: string; children: ReactNode }) {
  const { messages, onError } = useChatUI();
  return (
    <RowBoundary
      fallback={
        <p className="ek-part-failed" role="note">
          {messages.partFailed}
        </p>
      }
      onError={(error) =>
        onError(
          new ChatError('render', `${name} could not be shown: ${error instanceof Error ? error.message : 'unknown'}`, {
            fatal: false,
            cause: error,
          }),
        )
      }
    >
      {children}
    </RowBoundary>
  );
}
