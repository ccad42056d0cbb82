import { memo } from 'react';
import { isFinalAnswer, type ChatMessage } from '../../../protocol';
import { Avatar } from '../../avatar/Avatar';
import { useChatMessage } from '../use-agent-chat';
import { useChatUI } from './context';
import { Markdown } from './Markdown';
import { MessageActions } from './MessageActions';
import { ThinkingPanel } from './ThinkingPanel';
import { ToolCallPanel } from './ToolCallPanel';

/** One message as the default UI draws it. */
export function MessageView({ message }: { message: ChatMessage }) {
  const { showThinking, user, agent, allowImage, messages } = useChatUI();
  if (message.role === 'user') {
    return (
      <div className="ek-message ek-message--user" data-id={message.id}>
        <div className="ek-message__bubble">
          <p className="ek-message__text">{message.content}</p>
        </div>
        <Avatar name={user?.displayName} src={user?.picture} allowImage={allowImage} size={28} />
      </div>
    );
  }
  const final = isFinalAnswer(message);
  const thinking =
    showThinking && message.thinking ? (
      <ThinkingPanel
        text={message.thinking}
        active={!!message.isInProcess && !message.content && !message.toolCall}
        messages={messages}
      />
    ) : null;
  const tool = message.toolCall ? <ToolCallPanel message={message} /> : null;
  const text = message.content ? <Markdown text={message.content} /> : null;
  if (!thinking && !tool && !text) return null;
  return (
    <div
      className={['ek-message', 'ek-message--assistant', final ? 'ek-message--final' : undefined]
        .filter(Boolean)
        .join(' ')}
      data-id={message.id}
      aria-busy={message.isInProcess || undefined}
    >
      {text ? (
        <Avatar name={agent.name} src={agent.picture} allowImage={allowImage} size={28} />
      ) : (
        <span className="ek-message__gutter" />
      )}
      <div className="ek-message__body">
        {final && <span className="ek-sr-only">{messages.answerPrefix}</span>}
        {thinking}
        {tool}
        {text}
        {final && <MessageActions message={message} />}
      </div>
    </div>
  );
}

/** A row subscribed to its own message: finished rows never re-render while others stream. */
export const MessageRow = memo(function MessageRow({ id }: { id: string }) {
  const { store, renderMessage } = useChatUI();
  const message = useChatMessage(store, id);
  if (!message) return null;
  const standard = <MessageView message={message} />;
  return (
    <div className="ek-row" role="listitem">
      {renderMessage ? renderMessage(message, standard) : standard}
    </div>
  );
});
