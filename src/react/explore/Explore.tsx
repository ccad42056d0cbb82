import { lazy, Suspense } from 'react';
import type { ExploreProps } from './explore-props';

const ExploreView = lazy(() => import('./ExploreView').then((module) => ({ default: module.ExploreView })));

/**
 * The explorer's default layout: a question asked by pointing, over the semantic layer's meta
 * (members by cube, time with granularity and range, filters by type, order and limit, chart
 * type, the result), inside a `SemanticProvider`. Its code loads on first use; meanwhile its
 * place is held.
 *
 * ```tsx
 * <Explore link={params.get('q') ?? undefined} onChange={(s) => setParam('q', serializeExplore(s))} onSave={addToBoard} />
 * ```
 */
export function Explore(props: ExploreProps) {
  return (
    <Suspense
      fallback={
        <div
          aria-busy="true"
          className={props.className ? `ek-explore-placeholder ${props.className}` : 'ek-explore-placeholder'}
        />
      }
    >
      <ExploreView {...props} />
    </Suspense>
  );
}
