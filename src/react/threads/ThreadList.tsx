import { lazy, Suspense } from 'react';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useTheme } from '../theme/ThemeProvider';
import type { ThreadListLabels } from './thread-labels';
import type { ThreadListApi } from './use-thread-list';

/** Props of {@link ThreadList}. */
export interface ThreadListProps {
  /** The list to show: what `useThreadList` returns. */
  list: ThreadListApi;
  /** Replaces any of its strings (keep the object stable). */
  labels?: Partial<ThreadListLabels>;
  /** Locale of the relative times. Default: the theme's `locale`, else `en-US`. */
  locale?: string;
  /** How long "Deleted · Undo" stays, in ms (not while the pointer or focus is on it). Default 6000. */
  undoMs?: number;
  className?: string;
  /** After the user picked a thread (null: "New chat"), e.g. to close a drawer. */
  onSelect?: (chatId: string | null) => void;
}

const View = lazy(() => import('./ThreadListView'));

/**
 * The user's conversations: "New chat", one row per thread (title from its first question,
 * relative time), the current one marked; select, rename inline, delete with undo; keyboard
 * and screen-reader friendly. A composable part over `useThreadList`; its code loads lazily.
 *
 * ```tsx
 * const threads = useThreadList({ user: user.id });
 * <ThreadList list={threads} />
 * <AgentChat transport={transport} persist={{ user: user.id }} {...threads.chatProps} />
 * ```
 */
export function ThreadList({ className, ...props }: ThreadListProps) {
  const theme = useTheme();
  const locale = props.locale ?? theme.locale ?? 'en-US';
  // The themed root and the theme are the entry's: the lazy view shares no module with a
  // dashboard-only bundle.
  return (
    <ThemedRoot className={['ek-threads-root', className].filter(Boolean).join(' ')}>
      <Suspense fallback={null}>
        <View {...props} locale={locale} />
      </Suspense>
    </ThemedRoot>
  );
}
