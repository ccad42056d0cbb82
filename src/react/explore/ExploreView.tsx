import { useMemo } from 'react';
import { parseExplore, type ExploreReading } from '../../protocol/explore';
import { useSemanticMeta } from '../native';
import { Explorer } from './Explorer';
import type { ExploreProps } from './explore-props';
import { useExplorer } from './use-explorer';

/** The lazily loaded default layout of `Explore` (see there). */
export function ExploreView(props: ExploreProps) {
  const meta = useSemanticMeta();
  // A link is read once the meta is here: members are checked against what the user sees.
  const reading = useMemo<ExploreReading | undefined>(
    () => (props.link !== undefined && meta.data ? parseExplore(props.link, meta.data) : undefined),
    [props.link, meta.data],
  );
  if (props.link !== undefined && !reading) return <div aria-busy="true" className="ek-explore-placeholder" />;
  return <Layout {...props} reading={reading} />;
}

function Layout({ reading, ...props }: ExploreProps & { reading: ExploreReading | undefined }) {
  const explorer = useExplorer({
    ...(reading ? { initial: reading.state } : props.initial ? { initial: props.initial } : {}),
    ...(props.onChange ? { onChange: props.onChange } : {}),
  });
  return (
    <Explorer.Root explorer={explorer} labels={props.labels} locale={props.locale} className={props.className}>
      <Explorer.Problems error={reading?.error} />
      <div className="ek-explore__layout">
        <div className="ek-explore__side">
          <Explorer.Members />
        </div>
        <div className="ek-explore__main">
          <Explorer.Time />
          <Explorer.Filters />
          <div className="ek-explore__bar">
            <Explorer.Order />
            <Explorer.ChartType />
          </div>
          <Explorer.Result />
          <div className="ek-explore__bar ek-explore__actions">
            <Explorer.History />
            <Explorer.Reset />
            {props.onSave && <Explorer.Save onSave={props.onSave} />}
          </div>
        </div>
      </div>
    </Explorer.Root>
  );
}
