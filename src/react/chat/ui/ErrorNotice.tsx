import { useStore } from 'zustand';
import { useLoaded } from '../../internal/use-loaded';
import { useChatUI } from './context';
import type * as NoticeModule from './ErrorNoticeView';

/** The notice's module once loaded: every chat mounts one, most never fail. */
let loaded: typeof NoticeModule | undefined;
const load = () => import('./ErrorNoticeView').then((module) => (loaded = module));

/**
 * A failed turn, inline under the question: plain words, the raw cause under "details"
 * (developers get the typed error through `onError`), and Retry: disabled, with a
 * countdown, while the service asked to wait (`Retry-After`). Its view loads as the chat
 * mounts, long before a turn can fail; if that chunk cannot load, the words alone show.
 */
export function ErrorNotice() {
  const ui = useChatUI();
  const { store, messages } = ui;
  const error = useStore(store, (s) => (s.status === 'error' ? s.error : null));
  const view = useLoaded(() => loaded, load);
  if (!error || !view) return null;
  if (view instanceof Error)
    return (
      <p className="ek-chat__error" role="alert">
        {messages.error(error.kind, { signedInBefore: false })}
      </p>
    );
  return <view.ErrorNoticeView ui={ui} />;
}
