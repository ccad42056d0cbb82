import type { BoardWidget } from '../../protocol/board/widget';
import type { LazyBoardLabels } from './lazy-labels';

/** Words of a {@link Board} (for another language, replace them all). */
export interface BoardLabels extends LazyBoardLabels {
  /** What a widget is called to screen readers in edit mode. Default "widget". */
  widget: string;
  /** How to edit, read with each widget in edit mode. */
  instructions: string;
  /** The edit toolbar's name. Default "Edit board". */
  toolbar: string;
  undo: string;
  redo: string;
  /** The move handle of a widget: "Move Revenue". */
  move: (name: string) => string;
  /** The resize handle: "Resize Revenue". */
  resize: (name: string) => string;
  /** The remove button: "Remove Revenue". */
  remove: (name: string) => string;
  /** Announced after a move (1-based column and row). */
  moved: (name: string, column: number, row: number) => string;
  /** Announced after a resize. */
  resized: (name: string, columns: number, rows: number) => string;
  /** Announced when a key would take a widget past the grid's edge. */
  edge: (name: string) => string;
  /** Announced after a removal. */
  removed: (name: string) => string;
  /** Announced after Undo, with what was undone. */
  undone: (change: string) => string;
  /** Announced after Redo, with what was done again. */
  redone: (change: string) => string;
  /** Announced when there is nothing to undo or redo. */
  nothing: string;
  /** A widget of a kind this version does not know. Default "Not supported here". */
  unsupported: string;
  /** Under it: the kind, and that it is kept as it is. */
  unsupportedDetail: (kind: string) => string;
  /** Heading of a definition's problems: how many widgets could not be shown. */
  problems: (count: number) => string;
  /** When the whole definition cannot be read. Default "This board cannot be shown". */
  unreadable: string;
  /** Under a pinned answer whose SQL runs as pinned: live with the viewer's access, and the board's filters do not reach it. */
  answerLive: string;
  /** While a pinned answer's SQL runs (to screen readers). Default "Loading the answer". */
  answerLoading: string;
  /** When it could not run (the viewer may not run it, the data API failed). */
  answerError: string;
  /** Run it again. Default "Retry". */
  answerRetry: string;
  /** The label of a pinned answer's SQL. Default "SQL". */
  sql: string;
  /** The button in edit mode that opens the form adding a widget. Default "Add widget". */
  addWidget: string;
  /**
   * A widget's name (announcements, handles): its title, else from what it shows, with the
   * data model's short title of a member when `title` knows it.
   */
  name: (widget: BoardWidget, title?: MemberTitle) => string;
}

/** The words `Board` itself needs: those of the lazy board's own parts load with it. */
export type BoardEntryLabels = Omit<BoardLabels, keyof LazyBoardLabels>;

/** The default words `Board` carries (the entry's budget has no room for the others). */
export const DEFAULT_BOARD_ENTRY_LABELS: BoardEntryLabels = {
  widget: 'widget',
  instructions:
    'Arrow keys move this widget, Shift with arrow keys resizes it, Delete removes it. Control or Command with Z undoes, with Shift and Z redoes.',
  toolbar: 'Edit board',
  undo: 'Undo',
  redo: 'Redo',
  move: (name) => `Move ${name}`,
  resize: (name) => `Resize ${name}`,
  remove: (name) => `Remove ${name}`,
  moved: (name, column, row) => `${name} moved to column ${column}, row ${row}.`,
  resized: (name, columns, rows) =>
    `${name} resized to ${columns} ${columns === 1 ? 'column' : 'columns'} by ${rows} ${rows === 1 ? 'row' : 'rows'}.`,
  edge: (name) => `${name} is at the edge of the board.`,
  removed: (name) => `${name} removed. Undo brings it back.`,
  undone: (change) => `Undone: ${change}`,
  redone: (change) => `Redone: ${change}`,
  nothing: 'Nothing to undo or redo.',
  unsupported: 'Not supported here',
  unsupportedDetail: (kind) => `A “${kind}” widget, from a newer version. It is kept as it is.`,
  problems: (count) =>
    count === 1 ? 'One widget of this board could not be shown' : `${count} widgets of this board could not be shown`,
  unreadable: 'This board cannot be shown',
  answerLive: "Live, with your data access. The board's filters do not apply to this answer.",
  answerLoading: 'Loading the answer',
  answerError: 'This answer could not be run',
  answerRetry: 'Retry',
  sql: 'SQL',
  addWidget: 'Add widget',
  name: defaultWidgetName,
};

/** A member's short title from the data model (`orders.count` → "Orders"), when known. */
export type MemberTitle = (member: string) => string | undefined;

/** A widget's title, else what it shows: the measure, the query's measures, the note's start, the kind. */
export function defaultWidgetName(widget: BoardWidget, title?: MemberTitle): string {
  if (widget.title?.trim()) return widget.title.trim();
  // The data model's short title, else `orders.averageOrderValue` → "Average order value".
  const short = (member: string) => {
    const known = title?.(member);
    if (known) return known;
    const words = member
      .slice(member.lastIndexOf('.') + 1)
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
  };
  switch (widget.kind) {
    case 'kpi':
      return short(String((widget as { measure?: unknown }).measure ?? 'KPI'));
    case 'chart':
    case 'table': {
      const measures = (widget as { query?: { measures?: unknown } }).query?.measures;
      const names = Array.isArray(measures) ? measures.map((m) => short(String(m)).toLowerCase()).join(', ') : '';
      return `${widget.kind === 'chart' ? 'Chart' : 'Table'}${names ? ` of ${names}` : ''}`;
    }
    case 'text': {
      const text = String((widget as { text?: unknown }).text ?? '').trim();
      return text ? `Note “${text.length > 40 ? `${text.slice(0, 40)}…` : text}”` : 'Note';
    }
    default:
      return widget.kind;
  }
}
