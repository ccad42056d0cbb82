import { lazy, memo, Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import { isFinalAnswer, ToolCallSchema, type ChatMessage } from '../../../protocol';
import { Avatar } from '../../avatar/Avatar';
import type * as FoldsModule from '../edit-folds';
import { useChatMessage } from '../use-agent-chat';
import { useChatUI } from './context';
import { Markdown } from './Markdown';
import { PartBoundary } from './RowBoundary';
import { ThinkingPanel } from './ThinkingPanel';
import { ToolCallPanel } from './ToolCallPanel';

/**
 * The actions under an answer (Copy, Regenerate, thumbs) and a question's (Copy, Edit) load
 * with the chat (`AgentChat` starts them as it mounts): an answer's first words come long
 * before its end.
 */
export const loadActions = () => import('./MessageActions');
const MessageActions = lazy(() => loadActions().then((module) => ({ default: module.MessageActions })));
/** A question's Copy and Edit, its editor and the fold of an edited one: in the same chunk. */
const QuestionView = lazy(() => loadActions().then((module) => ({ default: module.QuestionView })));

/**
 * The fold check once loaded: rows fold only after the user edited a question and asked it
 * again, so the check loads then (a chunk that cannot load folds nothing: every row shows).
 */
let folds: typeof FoldsModule | undefined;
const loadFolds = () => import('../edit-folds').then((module) => (folds = module));

/** `value` when it is a string: fields are checked again where they are drawn (a thread may come from elsewhere than the stream's schema). */
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** One message as the default UI draws it. */
export function MessageView({ message }: { message: ChatMessage }) {
  const ui = useChatUI();
  const { showThinking, user, agent, allowImage, messages } = ui;
  const content = text(message.content);
  const thinkingText = text(message.thinking);
  if (message.role === 'user') {
    const bubble = (
      <div className="ek-message__bubble">
        <p className="ek-message__text">{content}</p>
      </div>
    );
    return (
      <div className="ek-message ek-message--user" data-id={message.id}>
        <div className="ek-question">
          {/* Its place held while the actions' chunk loads: the answer below never moves. */}
          <Suspense
            fallback={
              <>
                <div className="ek-question__bubble">{bubble}</div>
                <div className="ek-actions ek-question__actions" aria-hidden="true" />
              </>
            }
          >
            <QuestionView message={message} text={content ?? ''} bubble={bubble} ui={ui} />
          </Suspense>
        </div>
        <Avatar name={user?.displayName} src={user?.picture} allowImage={allowImage} size={28} />
      </div>
    );
  }
  const final = isFinalAnswer(message);
  const thinking =
    showThinking && thinkingText ? (
      <ThinkingPanel
        text={thinkingText}
        active={!!message.isInProcess && !content && !message.toolCall}
        messages={messages}
      />
    ) : null;
  const tool = ToolCallSchema.is(message.toolCall) ? <ToolCallPanel message={message} /> : null;
  const answer = content ? <Markdown text={content} /> : null;
  if (!thinking && !tool && !answer) return null;
  return (
    <div
      className={['ek-message', 'ek-message--assistant', final ? 'ek-message--final' : undefined]
        .filter(Boolean)
        .join(' ')}
      data-id={message.id}
      aria-busy={message.isInProcess || undefined}
    >
      {answer ? (
        <Avatar name={agent.name} src={agent.picture} allowImage={allowImage} size={28} />
      ) : (
        <span className="ek-message__gutter" />
      )}
      <div className="ek-message__body">
        {final && <span className="ek-sr-only">{messages.answerPrefix}</span>}
        {thinking}
        {tool}
        {answer}
        {final && (
          <Suspense fallback={null}>
            <MessageActions message={message} ui={ui} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** The message as drawn, by the host's `renderMessage` if any: inside the row's boundary. */
function RowContent({ message }: { message: ChatMessage }) {
  const { renderMessage } = useChatUI();
  const standard = <MessageView message={message} />;
  return <>{renderMessage ? renderMessage(message, standard) : standard}</>;
}

/**
 * A row subscribed to its own message: finished rows never re-render while others stream.
 * A message that cannot be drawn shows "This part could not be shown" in its row only. The
 * answer to a question the user edited and asked again is folded (no row) until unfolded,
 * then set apart under its question's label (`ek-row--earlier`).
 */
export const MessageRow = memo(function MessageRow({ id }: { id: string }) {
  const { store } = useChatUI();
  const message = useChatMessage(store, id);
  const fold = useStore(store, (s) => (s.edited.length ? (folds ? folds.foldOf(s, id) : 'loading') : undefined));
  useEffect(() => {
    // Every row's selector runs again once the check is there (the state is unchanged).
    if (fold === 'loading')
      loadFolds().then(
        () => store.setState({}),
        () => {},
      );
  }, [fold, store]);
  if (!message || fold === 'folded') return null;
  return (
    <div className={fold === 'earlier' ? 'ek-row ek-row--earlier' : 'ek-row'} role="listitem">
      <PartBoundary name={`Message ${id}`}>
        <RowContent message={message} />
      </PartBoundary>
    </div>
  );
});
