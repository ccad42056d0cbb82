import type { ExploreState } from '../../protocol/explore';
import type { ExploreLabels } from './labels';

/** Props of {@link Explore}. */
export interface ExploreProps {
  /** The state to start from. */
  initial?: ExploreState;
  /**
   * A serialized state (`serializeExplore`, from the URL): read against the meta once it has
   * come; what the user may not see or use is left out and named above the explorer.
   */
  link?: string;
  /** Every change, with the whole state (write `serializeExplore(state)` to the URL). */
  onChange?: (state: ExploreState) => void;
  /**
   * "Save to board": the button shows when given. `details.title` is the question's title as
   * the result shows it ("Revenue by Region"), for the saved widget.
   */
  onSave?: (state: ExploreState, details: { title: string }) => void;
  labels?: Partial<ExploreLabels>;
  locale?: string;
  className?: string;
}
