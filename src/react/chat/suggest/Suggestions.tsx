import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { ChatError, MetaResponseSchema, type MetaResponse } from '../../../protocol';
import { useLatest } from '../../internal/use-latest';
// The chat's context comes in props, not from its module: a lazy chunk importing that module
// would make a bundler keep it in a dashboard-only bundle (scripts/check-tree-shaking.ts).
import type { ChatUIContextValue } from '../ui/context';
import { mergeModels } from './data-model';
import { answerOf, followUpQuestions, MAX_FOLLOW_UPS } from './follow-ups';
import { defaultSuggestionLabels, type SuggestionLabels } from './labels';
import { starterQuestions } from './starter-questions';
import { MAX_SUGGESTIONS, questionList } from './suggestion-text';
import type { ChatDataModel, ChatSuggestions } from './types';

/** A host callback or data model that failed: reported, never thrown (the defaults stay). */
function report(ui: ChatUIContextValue, what: string, error: unknown) {
  const message = error instanceof Error ? error.message : 'not a list of questions';
  ui.onError(new ChatError('render', `${what} could not be built: ${message}`, { fatal: false, cause: error }));
}

/** Each data model function's answer (checked), shared by the empty chat and the follow-ups. */
const loaded = new WeakMap<() => Promise<MetaResponse>, Promise<MetaResponse | undefined>>();

function checked(value: unknown): MetaResponse {
  if (!MetaResponseSchema.is(value)) throw new TypeError('the data model is not a /meta answer');
  return value;
}

/** The data model, loaded once per function: `loading` until it answered (or failed: no model). */
function useDataModel(ui: ChatUIContextValue): { loading: boolean; meta: MetaResponse | undefined } {
  const source: ChatDataModel | undefined = ui.dataModel;
  const [state, setState] = useState<{ source?: ChatDataModel; meta?: MetaResponse }>({});
  const plain = useMemo(() => {
    if (typeof source === 'function' || source === undefined) return undefined;
    try {
      return { meta: checked(source) };
    } catch (error) {
      return { meta: undefined, error };
    }
  }, [source]);
  useEffect(() => {
    if (plain?.error) report(ui, 'The questions from the data model', plain.error);
  }, [plain, ui]);
  useEffect(() => {
    if (typeof source !== 'function') return;
    let live = true;
    let promise = loaded.get(source);
    if (!promise) {
      promise = Promise.resolve()
        .then(source)
        .then(checked)
        .catch((error: unknown) => {
          loaded.delete(source); // asked again next time
          report(ui, 'The questions from the data model', error);
          return undefined;
        });
      loaded.set(source, promise);
    }
    void promise.then((meta) => live && setState({ source, meta }));
    return () => {
      live = false;
    };
  }, [source, ui]);
  const ready = typeof source !== 'function' || state.source === source;
  const meta = typeof source !== 'function' ? plain?.meta : ready ? state.meta : undefined;
  // One object while nothing changes: what is built from it is built once.
  return useMemo(() => ({ loading: !ready, meta }), [ready, meta]);
}

const useLabels = (ui: ChatUIContextValue): SuggestionLabels =>
  useMemo(() => ({ ...defaultSuggestionLabels, ...pick(ui.messages) }), [ui.messages]);

/** The host's suggestion strings from `labels` (only those it set). */
function pick(messages: Partial<SuggestionLabels>): Partial<SuggestionLabels> {
  const own: Partial<SuggestionLabels> = {};
  for (const key of Object.keys(defaultSuggestionLabels) as (keyof SuggestionLabels)[])
    if (messages[key] !== undefined) (own as Record<string, unknown>)[key] = messages[key];
  return own;
}

/** A button that asks its question. */
function Question({ text, send }: { text: string; send: (question: string) => void }) {
  return (
    <li>
      <button type="button" className="ek-button ek-suggestion" onClick={() => send(text)}>
        {text}
      </button>
    </li>
  );
}

/** The empty chat's questions: from the data model (else `fallback`), through the host's function if any. */
function Starters({
  ui,
  suggestions,
  fallback,
  send,
}: {
  ui: ChatUIContextValue;
  suggestions: ChatSuggestions | undefined;
  fallback: readonly string[];
  send: (question: string) => void;
}) {
  const labels = useLabels(ui);
  const model = useDataModel(ui);
  const host = useLatest(suggestions);
  const mapped = typeof suggestions === 'function';
  // Without the host's function, the defaults: built from the data model, else `fallback`.
  const defaults = useMemo(() => {
    if (model.loading) return null;
    const built = model.meta ? starterQuestions(mergeModels([model.meta]), labels) : [];
    return built.length > 0 ? built : (questionList(fallback, MAX_SUGGESTIONS) ?? []);
  }, [model, labels, fallback]);
  // The host's function's answer, for these defaults.
  const [answered, setAnswered] = useState<{ for: readonly string[]; list: readonly string[] } | null>(null);
  useEffect(() => {
    const own = host.current;
    if (!defaults || typeof own !== 'function') return;
    let live = true;
    new Promise<unknown>((resolve) => resolve(own(defaults, { meta: model.meta })))
      .then((list) => questionList(list, MAX_SUGGESTIONS) ?? Promise.reject(new TypeError('not a list of questions')))
      .catch((error: unknown) => {
        report(ui, 'The suggestions', error);
        return defaults;
      })
      .then((list) => live && setAnswered({ for: defaults, list }));
    return () => {
      live = false;
    };
  }, [defaults, model, host, ui]);
  const items = mapped ? (answered?.for === defaults ? answered.list : null) : defaults;
  if (!items || items.length === 0) return null;
  return (
    <ul className="ek-empty__suggestions" aria-label={labels.suggestionsLabel}>
      {items.map((text) => (
        <Question key={text} text={text} send={send} />
      ))}
    </ul>
  );
}

/**
 * Questions to ask next, under the latest answer: shown once the turn ended with an answer
 * (never while one streams, after a failure or a stop), announced politely, each a button
 * in the tab order that asks it.
 */
function FollowUps({ ui }: { ui: ChatUIContextValue }) {
  const labels = useLabels(ui);
  const model = useDataModel(ui);
  const thread = useStore(ui.store, (s) =>
    s.status === 'idle' && !s.pending && !s.unsent && !s.stopped ? s.thread.messages : null,
  );
  const { items, error } = useMemo(() => {
    const found = thread && !model.loading ? answerOf(thread, model.meta) : undefined;
    if (!found) return { items: [] };
    const defaults = followUpQuestions(found, labels);
    if (!ui.followUps) return { items: defaults };
    try {
      const mapped = ui.followUps(found.answer, defaults);
      if (mapped === undefined) return { items: defaults };
      const list = questionList(mapped, MAX_FOLLOW_UPS, found.asked);
      return list ? { items: list } : { items: defaults, error: new TypeError('not a list of questions') };
    } catch (error) {
      return { items: defaults, error };
    }
  }, [thread, model, labels, ui]);
  useEffect(() => {
    if (error) report(ui, 'The follow-up questions', error);
  }, [error, ui]);
  const id = useId();
  const send = (question: string) => {
    void ui.store.getState().send(question);
    ui.composer.focus(); // the buttons go while the answer streams
  };
  return (
    <div className="ek-followups">
      {/* Always there, so its text is announced when it changes (no `status` role: that is the chat's "Done."). */}
      <p className="ek-sr-only" aria-live="polite">
        {items.length > 0 ? labels.followUpsAnnounce(items.length) : ''}
      </p>
      {items.length > 0 && (
        <>
          <p className="ek-followups__title" id={id}>
            {labels.followUpsLabel}
          </p>
          <ul className="ek-followups__list" aria-labelledby={id}>
            {items.map((text) => (
              <Question key={text} text={text} send={send} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Props of {@link Suggest}: the empty chat's questions, or the follow-ups. */
export type SuggestProps =
  | {
      part: 'start';
      ui: ChatUIContextValue;
      suggestions: ChatSuggestions | undefined;
      fallback: readonly string[];
      send: (question: string) => void;
    }
  | { part: 'next'; ui: ChatUIContextValue };

/** The chat's suggestions, loaded lazily: the empty chat's questions (`start`) or the follow-ups (`next`). */
export function Suggest(props: SuggestProps) {
  return props.part === 'start' ? <Starters {...props} /> : <FollowUps ui={props.ui} />;
}
