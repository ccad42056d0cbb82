import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ChatMessage, ParsedToolCall, UserProfile } from '../../../protocol';
import type { ChartSpecPolicy } from '../../charts/agent-spec/policy';
import { useLatest } from '../../internal/use-latest';
import { ThemedRoot } from '../../theme/ThemedRoot';
import { loadReader } from '../store';
import { useAgentChat, type UseAgentChatOptions } from '../use-agent-chat';
import { ChatAnnouncer, GraphProgress } from './ChatAnnouncer';
import { Composer, type ComposerProps } from './Composer';
import {
  ChatUIContext,
  createComposerHandle,
  focusComposer,
  useChatUI,
  type ChatFeedback,
  type ChatUIContextValue,
  type ResultActions,
} from './context';
import { ErrorNotice } from './ErrorNotice';
import { defaultChatMessages, type ChatMessages } from './messages';
import { preloadMarkdown } from './Markdown';
import { loadActions } from './MessageRow';
import { MessageList, Suggest } from './MessageList';
import { useNeedsHeight } from './use-needs-height';
import { PartBoundary } from './RowBoundary';
import { ShowAllLabel } from './show-all-label';
import type { ChatDataModel, ChatFollowUps, ChatSuggestions } from '../suggest/types';

/** Props of {@link ChatProvider}: the chat and the settings its parts share. */
export interface ChatProviderProps extends UseAgentChatOptions {
  /** Show the agent's reasoning panels (development mode). Default false. */
  showThinking?: boolean;
  /** The signed-in user, for their avatar (picture falls back to initials). */
  user?: UserProfile;
  /** The agent's name and picture. Default "Data analyst". */
  agent?: { name: string; picture?: string };
  /** The host's policy for avatar picture URLs. */
  allowImage?: (url: URL) => boolean;
  /** Wraps or replaces how a message is drawn; `standard` is the default rendering. */
  renderMessage?: (message: ChatMessage, standard: ReactNode) => ReactNode;
  /** Draws a tool call; return undefined for the default panel. */
  renderToolCall?: (call: ParsedToolCall, message: ChatMessage) => ReactNode | undefined;
  /**
   * Replaces any of the UI's strings (see {@link defaultChatMessages}): translation, tone,
   * tool labels. Keep the object stable (module constant or memoized).
   */
  labels?: Partial<ChatMessages>;
  /**
   * Called when the user rates an answer, with the thread, question, answer, SQL and, after a
   * thumbs down, the reason picked or typed; thumbs up/down show only when set. A callback
   * that throws or rejects is reported to `onError`; the chat goes on.
   */
  onFeedback?: (feedback: ChatFeedback) => void | Promise<void>;
  /**
   * Extra entries in each SQL result's export menu, beside the downloads: e.g. "Show in
   * dashboard" from `useDashboardChatBridge`, or the host's own ("Pin to board").
   */
  resultActions?: ResultActions;
  /**
   * Widens the allow-list the agent's chart specs are checked against (see
   * `ResultChart`'s `specPolicy`). Keep it stable (a module constant).
   */
  chartSpecPolicy?: ChartSpecPolicy;
  /**
   * The semantic layer's data model (`/meta`), or a function that loads it: the empty chat's
   * questions and the follow-ups are built from it. `useChatDataModel()` of
   * `react-embedded-analytics/native` gives one; keep it stable.
   */
  dataModel?: ChatDataModel;
  /**
   * The questions offered under the latest answer: `false` for none, or a function that maps
   * the defaults (built from the answer's result and the data model). Default: the defaults.
   */
  followUps?: ChatFollowUps;
  children?: ReactNode;
}

/** Provides a chat to composable parts (`MessageList`, `Composer`, `ChatAnnouncer`, `GraphProgress`). */
export function ChatProvider({ children, ...props }: ChatProviderProps) {
  const chat = useAgentChat(props);
  const latest = useLatest(props);
  const [composer] = useState(createComposerHandle);
  const hasAllowImage = !!props.allowImage;
  const hasRenderMessage = !!props.renderMessage;
  const hasRenderToolCall = !!props.renderToolCall;
  const hasFeedback = !!props.onFeedback;
  const hasResultActions = !!props.resultActions;
  // false (none), true (the host's function, read through `latest`) or undefined (the defaults).
  const follow = props.followUps && true;
  const messages = useMemo(() => ({ ...defaultChatMessages, ...props.labels }), [props.labels]);
  const value = useMemo<ChatUIContextValue>(
    () => ({
      store: chat.store,
      transport: props.transport,
      showThinking: props.showThinking ?? false,
      user: props.user,
      agent: props.agent ?? { name: 'Data analyst' },
      allowImage: hasAllowImage ? (url) => latest.current.allowImage?.(url) ?? false : undefined,
      renderMessage: hasRenderMessage ? (m, s) => latest.current.renderMessage?.(m, s) : undefined,
      renderToolCall: hasRenderToolCall ? (c, m) => latest.current.renderToolCall?.(c, m) : undefined,
      messages,
      composer,
      onFeedback: hasFeedback ? (feedback) => latest.current.onFeedback?.(feedback) : undefined,
      resultActions: hasResultActions ? (call, message) => latest.current.resultActions?.(call, message) : undefined,
      onError: (error) => latest.current.onError?.(error),
      chartSpecPolicy: props.chartSpecPolicy,
      dataModel: props.dataModel,
      followUps: follow ? (answer, defaults) => (latest.current.followUps || undefined)?.(answer, defaults) : follow,
    }),
    // Callbacks go through `latest`; only their presence matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      chat.store,
      props.transport,
      props.showThinking,
      props.user?.displayName,
      props.user?.picture,
      props.agent?.name,
      props.agent?.picture,
      hasAllowImage,
      hasRenderMessage,
      hasRenderToolCall,
      hasFeedback,
      hasResultActions,
      messages,
      props.chartSpecPolicy,
      props.dataModel,
      follow,
    ],
  );
  return (
    <ChatUIContext.Provider value={value}>
      <ShowAllLabel.Provider value={messages.showAll}>{children}</ShowAllLabel.Provider>
    </ChatUIContext.Provider>
  );
}

/** Props of {@link AgentChat}. */
export interface AgentChatProps extends Omit<ChatProviderProps, 'children'> {
  /** Replaces the empty state; `send` asks a question. */
  renderEmpty?: (send: (input: string) => void) => ReactNode;
  /**
   * Questions offered in the empty state: a list (replaces the defaults), or a function of
   * the defaults (built from `dataModel`, else a fixed list) returning the list, at once or
   * as a promise. Default: from `dataModel` when set, else the fixed list.
   */
  suggestions?: ChatSuggestions;
  composer?: ComposerProps;
  /** Accessible name of the chat region. Default `labels.regionLabel`. */
  label?: string;
  className?: string;
}

/** The empty chat's questions without a data model (and when it gives too few). */
const DEFAULT_SUGGESTIONS = ['Revenue by region', 'Orders over time', 'Top 5 customers by revenue'];

function EmptyState({
  suggestions,
  render,
}: {
  suggestions?: ChatSuggestions;
  render?: AgentChatProps['renderEmpty'];
}) {
  const ui = useChatUI();
  // A thread loading (no question of ours pending): no suggestions meanwhile.
  if (useStore(ui.store, (s) => s.status === 'submitting' || s.status === 'streaming'))
    return <div className="ek-empty">{ui.messages.loadingThread}</div>;
  const send = (input: string) => {
    void ui.store.getState().send(input);
    focusComposer(ui); // the suggestion button disappears with the empty state
  };
  // A thread that could not be loaded says so (with Retry) above the empty state.
  if (render)
    return (
      <>
        <ErrorNotice />
        {render(send)}
      </>
    );
  return (
    <div className="ek-empty">
      <ErrorNotice />
      <p className="ek-empty__title">{ui.messages.emptyTitle}</p>
      {/* A list is drawn at once; questions from the data model or a function load with their chunk. */}
      {typeof suggestions === 'function' || (!suggestions && ui.dataModel) ? (
        <Suspense fallback={null}>
          <Suggest part="start" ui={ui} suggestions={suggestions} fallback={DEFAULT_SUGGESTIONS} send={send} />
        </Suspense>
      ) : (
        <ul className="ek-empty__suggestions">
          {(suggestions ?? DEFAULT_SUGGESTIONS).map((suggestion) => (
            <li key={suggestion}>
              <button type="button" className="ek-button ek-suggestion" onClick={() => send(suggestion)}>
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StoppedNote() {
  const { store, messages } = useChatUI();
  const stopped = useStore(store, (s) => s.stopped);
  if (!stopped) return null;
  return <p className="ek-chat__note">{stopped === 'stopped' ? messages.stoppedNote : messages.notRunningNote}</p>;
}

function ChatRegion({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  const { messages } = useChatUI();
  const ref = useRef<HTMLElement>(null);
  // Fills a container that has a height; in one without, a height of its own (styles.css).
  const sized = useNeedsHeight(ref);
  return (
    <ThemedRoot
      ref={ref}
      as="section"
      className={['ek-chat', sized && 'ek-chat--sized', className].filter(Boolean).join(' ')}
      aria-label={label ?? messages.regionLabel}
    >
      {children}
    </ThemedRoot>
  );
}

/**
 * The whole chat with the data-analyst agent: message log, thinking, tool calls with SQL,
 * tables and charts, the final answer, avatars, progress, status for screen readers, and the
 * composer. Built from exported parts; themed by the theme's CSS variables.
 */
export function AgentChat({ renderEmpty, suggestions, composer, label, className, ...props }: AgentChatProps) {
  // The markdown parser, the stream reader and the answer actions are lazy; start them now so
  // the first question and answer rarely wait for them.
  useEffect(() => {
    preloadMarkdown();
    loadActions().catch(() => {}); // a row tries again
    loadReader().catch(() => {}); // the first request tries again
  }, []);
  return (
    <ChatProvider {...props}>
      <ChatRegion label={label} className={className}>
        {/* Rows contain their own errors; this is the last line, so the composer stays. */}
        <PartBoundary name="The conversation">
          <MessageList empty={<EmptyState suggestions={suggestions} render={renderEmpty} />} />
          <GraphProgress />
        </PartBoundary>
        <StoppedNote />
        <ChatAnnouncer />
        <Composer {...composer} />
      </ChatRegion>
    </ChatProvider>
  );
}
