import { useCallback, useEffect, useReducer, useState } from 'react';
import { serviceUrlProblem, type EmbedTarget, type EmbedUrlOptions } from '../../protocol';
import { useLatest } from '../internal/use-latest';
import type { EmbedContextValue } from './EmbedProvider';
import { EmbedError, statusOf } from './errors';
import { claimSession, mintSession, releaseSession, type SessionReason } from './session';

/** Where an embed is in its life. */
export type EmbedLoadState =
  /** Not near the viewport yet (lazy): no session minted. */
  | { phase: 'idle' }
  | { phase: 'minting' }
  /** The iframe is loading `src`; waiting for its ready event. */
  | { phase: 'loading'; src: string; sessionId: string }
  | { phase: 'ready'; src: string; sessionId: string }
  | { phase: 'error'; error: EmbedError };

type Action =
  | { type: 'mint' }
  | { type: 'load'; src: string; sessionId: string }
  | { type: 'ready' }
  | { type: 'fail'; error: EmbedError }
  | { type: 'idle' };

function reducer(state: EmbedLoadState, action: Action): EmbedLoadState {
  switch (action.type) {
    case 'mint':
      return { phase: 'minting' };
    case 'load':
      return { phase: 'loading', src: action.src, sessionId: action.sessionId };
    case 'ready':
      return state.phase === 'loading' ? { ...state, phase: 'ready' } : state;
    case 'fail':
      return { phase: 'error', error: action.error };
    case 'idle':
      return { phase: 'idle' };
  }
}

let nextInstance = 0;

/**
 * The iframe's src: what the builder makes of the host's configuration, refused (an
 * `EmbedError` of kind `config`) unless an absolute https URL (http on loopback). So a
 * `javascript:`, `data:`, `//host` or empty `baseUrl`, a deploymentId that is not a positive
 * integer (the builder throws) and a custom builder's odd URL never reach the iframe.
 */
function embedSrc(context: EmbedContextValue, target: EmbedTarget, sessionId: string, options: EmbedUrlOptions) {
  let problem: unknown;
  try {
    const src = context.buildUrl(context.baseUrl, target, sessionId, options);
    problem = serviceUrlProblem(src);
    if (!problem) return src;
  } catch (error) {
    problem = error;
  }
  throw new EmbedError('config', `Embed configuration refused: ${problem}`);
}

/**
 * The session and load life of one iframe. Every load gets a freshly minted session, minted
 * just before it: a remount is a new instance (new mint), a retry or reload bumps the load
 * number (new mint), StrictMode's double effect shares one request, and a session id seen
 * before is refused. Unmounting cancels a request in flight.
 */
export function useEmbedLoad(
  context: EmbedContextValue,
  target: EmbedTarget,
  visible: boolean,
  urlOptions: EmbedUrlOptions,
  loadTimeoutMs: number,
) {
  const [instance] = useState(() => ++nextInstance);
  const [load, setLoad] = useState<{ count: number; reason: SessionReason }>({ count: 0, reason: 'initial' });
  const [state, dispatch] = useReducer(reducer, { phase: 'idle' });
  const latestUrlOptions = useLatest(urlOptions);
  const targetKey = JSON.stringify(target);
  const [seenTarget, setSeenTarget] = useState(targetKey);
  if (seenTarget !== targetKey) {
    // A new target is a new load (with a new session), not a re-render of the old one.
    setSeenTarget(targetKey);
    setLoad((current) => ({ count: current.count + 1, reason: 'target-change' }));
  }
  const { client, consumed, policy, onError } = context;

  const fail = useCallback(
    (error: EmbedError) => {
      dispatch({ type: 'fail', error });
      onError(error);
    },
    [onError],
  );

  useEffect(() => {
    if (!visible) return;
    const parsedTarget = JSON.parse(targetKey) as EmbedTarget;
    try {
      // Checked before a session is minted for it: a bad config costs no session.
      embedSrc(context, parsedTarget, '', latestUrlOptions.current);
    } catch (error) {
      return fail(error as EmbedError);
    }
    const key = ['react-embedded-analytics', 'session', instance, load.count] as const;
    claimSession(key);
    let active = true;
    dispatch({ type: 'mint' });
    mintSession(client, key, context.getSession, { reason: load.reason, target: parsedTarget }, policy).then(
      (session) => {
        if (!active) return;
        if (consumed.has(session.sessionId)) {
          fail(
            new EmbedError(
              'session-reused',
              'getSession returned a session id that was already used; sessions are single-use',
            ),
          );
          return;
        }
        if (session.expiresAt !== undefined && session.expiresAt <= Date.now()) {
          fail(new EmbedError('session-expired', 'getSession returned a session that had already expired'));
          return;
        }
        consumed.add(session.sessionId);
        try {
          const src = embedSrc(context, parsedTarget, session.sessionId, latestUrlOptions.current);
          dispatch({ type: 'load', src, sessionId: session.sessionId });
        } catch (error) {
          fail(error as EmbedError);
        }
      },
      (error: unknown) => {
        if (!active) return;
        const raw = error instanceof Error ? error.message : String(error);
        // 401: a page that had a session before was signed in then; one that never had one was not.
        const message =
          statusOf(error) !== 401
            ? `Could not get an embed session: ${raw}`
            : `${consumed.size > 0 ? 'Your sign-in has ended: sign in again, then retry' : 'Sign in to see this'} (${raw})`;
        fail(new EmbedError('session', message, { cause: error }));
      },
    );
    return () => {
      active = false;
      releaseSession(client, key);
    };
    // context.getSession reads the latest callback; latestUrlOptions is a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, instance, load, targetKey, client, consumed, policy, fail, context.buildUrl, context.baseUrl]);

  // The ready event must arrive in time.
  const loading = state.phase === 'loading' ? state.sessionId : null;
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(
      () =>
        fail(
          new EmbedError('load-timeout', `The embed did not become ready within ${Math.round(loadTimeoutMs / 1000)} s`),
        ),
      loadTimeoutMs,
    );
    return () => clearTimeout(timer);
  }, [loading, loadTimeoutMs, fail]);

  const retry = useCallback(() => setLoad((current) => ({ count: current.count + 1, reason: 'retry' })), []);
  const reload = useCallback(() => setLoad((current) => ({ count: current.count + 1, reason: 'reload' })), []);
  const markReady = useCallback(() => dispatch({ type: 'ready' }), []);
  return { state, retry, reload, markReady, fail };
}
