import { useCallback, useEffect, useReducer, useState } from 'react';
import { isDeploymentId, serviceUrlProblem, type EmbedTarget, type EmbedUrlOptions } from '../../protocol';
import { useLatest } from '../internal/use-latest';
import type { EmbedContextValue } from './EmbedProvider';
import { EmbedError } from './errors';
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

/** Why the host's configuration of an embed is refused, or undefined when it is not. */
const configProblem = (baseUrl: string, { deploymentId, ...target }: EmbedTarget) =>
  serviceUrlProblem(baseUrl) ??
  (deploymentId !== undefined && !isDeploymentId(deploymentId)
    ? `deploymentId ${JSON.stringify(deploymentId)} is not a positive integer`
    : 'publicId' in target && !target.publicId
      ? 'no publicId'
      : undefined);

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
    // Checked before a session is minted for it: a bad config costs no session.
    const problem = configProblem(context.baseUrl, parsedTarget);
    if (problem) return fail(new EmbedError('config', `Refused: ${problem}`));
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
        let src = '';
        let problem: unknown;
        try {
          src = context.buildUrl(context.baseUrl, parsedTarget, session.sessionId, latestUrlOptions.current);
          // A custom builder's URL too: only an absolute http(s) URL becomes the iframe's src.
          problem = serviceUrlProblem(src);
        } catch (error) {
          problem = error;
        }
        if (problem) fail(new EmbedError('config', `Refused: ${problem}`));
        else dispatch({ type: 'load', src, sessionId: session.sessionId });
      },
      (error: unknown) => {
        if (!active) return;
        fail(
          new EmbedError(
            'session',
            `Could not get an embed session: ${error instanceof Error ? error.message : String(error)}`,
            { cause: error },
          ),
        );
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
