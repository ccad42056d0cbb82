import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { DEFAULT_MAX_INPUT_LENGTH, type ChatMessage } from '../../../protocol';
import { feedbackLabels } from '../feedback/labels';
import type { ChatStoreState } from '../store';
// Not the context's module itself (see ../suggest/Suggestions.tsx): `ui` comes in props.
import type { ChatUIContextValue } from './context';
import { CopyButton } from './CopyButton';
import { Icon } from './Icon';

const COPY = 'M9 9h10v10H9zM5 15V5h10';
const EDIT = 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4';

/** The most edited questions a chat remembers (the most recent). */
export const MAX_EDITS = 50;

/** The thread's last question, per thread (one scan per change, shared by every row). */
const lastOf = new WeakMap<readonly ChatMessage[], string | undefined>();
function lastQuestionOf(messages: readonly ChatMessage[]): string | undefined {
  if (lastOf.has(messages)) return lastOf.get(messages);
  let last: string | undefined;
  for (let i = messages.length - 1; i >= 0 && last === undefined; i--)
    if (messages[i]!.role === 'user') last = messages[i]!.id;
  lastOf.set(messages, last);
  return last;
}

/** Whether the last question may be edited now: no turn running, none left unsent. */
const editable = (s: ChatStoreState) => s.status === 'idle' || (s.status === 'error' && !s.unsent);

/**
 * A question in the thread: its bubble, then Copy, and Edit on the last question while no
 * turn runs. Edit opens an inline editor (Enter asks again, Shift+Enter adds a line, Escape
 * cancels and gives focus back to Edit); asking again sends the new wording in the same
 * thread and folds the answer of this one (`edited`), which a button under it unfolds.
 */
export function QuestionView({
  message,
  text,
  bubble,
  ui,
}: {
  message: ChatMessage;
  text: string;
  bubble: ReactNode;
  ui: ChatUIContextValue;
}) {
  const { store, messages } = ui;
  const labels = feedbackLabels(messages);
  const canEdit = useStore(store, (s) => editable(s) && lastQuestionOf(s.thread.messages) === message.id);
  const edited = useStore(store, (s) => s.edited.includes(message.id));
  const open = useStore(store, (s) => s.unfolded.includes(message.id));
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const editButton = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const refocus = useRef(false);
  const id = useId();

  // Opened by the user's click or key on Edit: focus moves into the editor, at the end of the
  // text. Back from it without sending: focus returns to Edit.
  useEffect(() => {
    const element = box.current;
    if (editing && element) {
      element.focus({ preventScroll: true });
      element.setSelectionRange(element.value.length, element.value.length);
    } else if (!editing && refocus.current) {
      refocus.current = false;
      editButton.current?.focus({ preventScroll: true });
    }
  }, [editing]);

  // A turn started meanwhile (a suggestion, a follow-up): the editor closes (adjusted while
  // rendering, as React advises for state that follows a value).
  const [couldEdit, setCouldEdit] = useState(canEdit);
  if (couldEdit !== canEdit) {
    setCouldEdit(canEdit);
    if (!canEdit) setEditing(false);
  }

  const cancel = () => {
    refocus.current = true;
    setEditing(false);
  };
  const send = () => {
    const input = draft.trim();
    if (!input) return;
    if (input === text.trim()) return cancel(); // nothing changed: Regenerate asks it again
    const state = store.getState();
    if (!editable(state)) return;
    store.setState({ edited: [...state.edited.filter((e) => e !== message.id), message.id].slice(-MAX_EDITS) });
    setEditing(false);
    ui.composer.focus(); // the editor goes; the answer comes under the new wording
    void state.send(input);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  if (editing)
    return (
      <form
        className="ek-question__editor"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={id} className="ek-sr-only">
          {labels.editLabel}
        </label>
        <textarea
          id={id}
          className="ek-question__input"
          value={draft}
          rows={Math.min(6, draft.split('\n').length + 1)}
          maxLength={ui.transport.maxInputLength ?? DEFAULT_MAX_INPUT_LENGTH}
          ref={box}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="ek-question__buttons">
          <button type="button" className="ek-button" onClick={cancel}>
            {labels.editCancel}
          </button>
          <button type="submit" className="ek-button ek-question__send" aria-disabled={!draft.trim() || undefined}>
            {labels.editSend}
          </button>
        </div>
      </form>
    );

  return (
    <>
      <div className={edited ? 'ek-question__bubble ek-question__bubble--edited' : 'ek-question__bubble'}>{bubble}</div>
      <div className="ek-actions ek-question__actions" role="group" aria-label={labels.questionActions}>
        <CopyButton
          text={text}
          label={labels.copyQuestion}
          copied={messages.copied}
          className="ek-icon-button"
          icon={<Icon d={COPY} />}
        />
        {canEdit && !edited && (
          <button
            ref={editButton}
            type="button"
            className="ek-icon-button"
            aria-label={labels.editQuestion}
            title={labels.editQuestion}
            onClick={() => {
              setDraft(text);
              setEditing(true);
            }}
          >
            <Icon d={EDIT} />
          </button>
        )}
      </div>
      {edited && (
        <p className="ek-question__fold">
          <span>{labels.editedNote}</span>{' '}
          <button
            type="button"
            className="ek-link-button"
            aria-expanded={open}
            onClick={() => {
              const { unfolded } = store.getState();
              store.setState({ unfolded: open ? unfolded.filter((u) => u !== message.id) : [...unfolded, message.id] });
            }}
          >
            {open ? labels.hideEarlierAnswer : labels.showEarlierAnswer}
          </button>
        </p>
      )}
      {/* Right above the rows it names (set apart by a rule: ek-row--earlier). */}
      {edited && open && <p className="ek-question__earlier">{labels.earlierAnswer}</p>}
    </>
  );
}
