import { DEFAULT_BOARD_ENTRY_LABELS, type BoardLabels } from './labels';
import { DEFAULT_LAZY_BOARD_LABELS } from './lazy-labels';

// A module of its own: `Board` never imports it, so a page showing a board ships the default
// words of the lazy parts only with them (an unused spread would keep them in the entry).

/** The default {@link BoardLabels}. */
export const DEFAULT_BOARD_LABELS: BoardLabels = { ...DEFAULT_BOARD_ENTRY_LABELS, ...DEFAULT_LAZY_BOARD_LABELS };
