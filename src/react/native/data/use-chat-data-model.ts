import { useContext, useMemo } from 'react';
import { semanticMetaKey, type DataError, type MetaResponse } from '../../../protocol';
import { SemanticContext } from './SemanticProvider';

/**
 * The nearest `SemanticProvider`'s data model (`/meta`) as the chat's `dataModel`: a stable
 * function that reads it through the provider's QueryClient (the one request the widgets
 * share, fresh for 5 minutes), so the empty chat offers questions about this model and the
 * follow-ups know its dimensions. Undefined outside a provider: the chat keeps its fixed list.
 * A failure goes to the provider's `onError`; the chat then shows its fixed list.
 *
 * ```tsx
 * <SemanticProvider deploymentId={deploymentId}>
 *   <Assistant />
 * </SemanticProvider>
 * // inside Assistant:
 * <AgentChat transport={transport} dataModel={useChatDataModel()} />
 * ```
 */
export function useChatDataModel(): (() => Promise<MetaResponse>) | undefined {
  const context = useContext(SemanticContext);
  return useMemo(
    () =>
      context
        ? () =>
            context.client
              .fetchQuery({
                queryKey: semanticMetaKey(context.scope),
                queryFn: ({ signal }) => context.source.meta(signal),
                staleTime: 5 * 60_000,
              })
              .catch((error: unknown) => {
                context.onError(error as DataError);
                throw error;
              })
        : undefined,
    [context],
  );
}
