import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import {
  MAX_BOARD_WIDGETS,
  readBoardDefinition,
  type BoardDefinition,
  type BoardReading,
} from '../../protocol/board/definition';
import { compactWidgets } from '../../protocol/board/layout';
import { BoardWidgetSchema, type BoardWidget } from '../../protocol/board/widget';
import { useIsomorphicLayoutEffect } from '../internal/use-isomorphic-layout-effect';
import { useLatest } from '../internal/use-latest';
import { NO_FILTERS, type SemanticFilterValue } from '../native/data/apply-filters';
import { SemanticFilters, useSemanticFilters } from '../native/data/SemanticFilters';
import { ThemedRoot } from '../theme/ThemedRoot';
import { BoardDrillProvider, useBoardDrillValue } from './board-drill';
import { BOARD_GAP, BOARD_ROW_HEIGHT } from './board-geometry';
import { definitionOf, layoutOf, settledWidgets, withLayout, type BoardSnapshot } from './board-state';
import { BoardCell, type CellActions, type DragMode } from './BoardCell';
import { BoardHeader } from './BoardHeader';
import {
  BOARD_COLUMNS,
  byReadingOrder,
  firstFreePlace,
  keyMove,
  layoutRows,
  placeWidget,
  resizeBy,
  type PlacedWidget,
} from './grid-layout';
import { keepFocusNear } from '../internal/keep-focus';
import { record, redo, startHistory, undo, type History } from './history';
import type { BoardEntryLabels, BoardLabels } from './labels';
import { DEFAULT_LAZY_BOARD_LABELS, type LazyBoardLabels } from './lazy-labels';
import { useMemberTitles } from './use-member-titles';
import type { BoardProps } from './board-props';
import type { NewWidget } from './AddWidget';

// The form adding a widget loads when first opened: a board in view mode never ships it.
const AddWidget = lazy(() => import('./AddWidget').then((module) => ({ default: module.AddWidget })));

/** A new widget's size in cells, by kind. */
const NEW_SIZE: Record<NewWidget['kind'], [number, number]> = {
  kpi: [3, 2],
  chart: [6, 4],
  table: [6, 4],
  text: [4, 2],
};

/** A pointer drag under way: where it started and the layout it started from. */
interface Drag {
  id: string;
  mode: DragMode;
  pointerId: number;
  startX: number;
  startY: number;
  /** Pixels per column and per row, gap included. */
  pitchX: number;
  pitchY: number;
  start: readonly PlacedWidget[];
}

const ARROWS: Partial<Record<string, [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

type Reading =
  { ok: true; reading: BoardReading } | { ok: false; issues: readonly { path: string; message: string }[] };

const readDefinition = (definition: unknown): Reading => {
  const read = readBoardDefinition(definition);
  return read.success ? { ok: true, reading: read.data } : { ok: false, issues: read.error.issues };
};

/** Typing in a field of a widget (a filter's date) keeps its own Ctrl+Z. */
const isTextField = (target: EventTarget) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The lazily loaded board: see {@link Board}. */
export function BoardView({
  labels: given,
  ...props
}: Omit<BoardProps, 'labels'> & { labels: BoardEntryLabels & Partial<LazyBoardLabels> }) {
  // The words of the lazy parts (the add form, …) come with this chunk; the host's win.
  const labels: BoardLabels = useMemo(() => ({ ...DEFAULT_LAZY_BOARD_LABELS, ...given }), [given]);
  const drill = useBoardDrillValue(props);
  const [source, setSource] = useState(props.definition);
  const [reading, setReading] = useState(() => readDefinition(props.definition));
  const [emitted, setEmitted] = useState<unknown>(undefined);
  const [history, setHistory] = useState<History<BoardSnapshot>>(() =>
    startHistory({ widgets: reading.ok ? settledWidgets(reading.reading.board.widgets) : [] }),
  );
  // A new definition from the host starts over; the one this board just handed back does not.
  if (props.definition !== source) {
    setSource(props.definition);
    if (props.definition !== emitted) {
      const next = readDefinition(props.definition);
      setReading(next);
      setHistory(startHistory({ widgets: next.ok ? settledWidgets(next.reading.board.widgets) : [] }));
    }
  }
  if (!reading.ok) return <Unreadable labels={labels} issues={reading.issues} className={props.className} />;
  return (
    <BoardDrillProvider value={drill}>
      <EditableBoard
        {...props}
        labels={labels}
        reading={reading.reading}
        history={history}
        setHistory={setHistory}
        onEmit={(definition) => {
          setEmitted(definition);
          props.onChange?.(definition);
        }}
      />
    </BoardDrillProvider>
  );
}

interface EditableBoardProps extends BoardProps {
  labels: BoardLabels;
  reading: BoardReading;
  history: History<BoardSnapshot>;
  setHistory: (history: History<BoardSnapshot>) => void;
  onEmit: (definition: BoardDefinition) => void;
}

function EditableBoard({
  reading,
  history,
  setHistory,
  onEmit,
  editable = false,
  labels,
  today,
  locale,
  className,
}: EditableBoardProps) {
  const { board, rejected } = reading;
  const widgets = history.present.widgets;
  const rootRef = useRef<HTMLElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const instructionsId = useId();
  // The data model's titles, for the names widgets are announced by.
  const [memberTitle, titlesReader] = useMemberTitles();
  const [announcement, setAnnouncement] = useState('');
  const [preview, setPreview] = useState<readonly PlacedWidget[] | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const drag = useRef<Drag | null>(null);
  // The drag's preview as last drawn, for the drop to record (an updater must stay pure).
  const previewRef = useRef<readonly PlacedWidget[] | null>(null);
  // Ends a drag under way without recording it (the board going away mid-drag).
  const stopDrag = useRef<(() => void) | null>(null);
  useEffect(() => () => stopDrag.current?.(), []);
  // The widget to give focus to once the DOM has its new order (a move re-sorts the cells).
  const focusNext = useRef<string | null>(null);
  // The history as of the last change: a second key press before React renders sees the first.
  const current = useRef(history);
  useIsomorphicLayoutEffect(() => {
    current.current = history;
  }, [history]);

  const say = (text: string) => {
    // The same words twice in a row are still announced: they differ by a trailing space.
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
  };

  const apply = (next: History<BoardSnapshot>, focus?: string) => {
    current.current = next;
    setHistory(next);
    if (focus !== undefined) focusNext.current = focus;
    onEmit(definitionOf(board, next.present.widgets, rejected));
  };

  /**
   * Records a new layout (a move or a resize) and says where the widget is now, and with which
   * widget it swapped places.
   */
  const commitLayout = (id: string, layout: readonly PlacedWidget[], mode: DragMode, swapped?: string) => {
    const before = current.current;
    const nextWidgets = withLayout(before.present.widgets, layout);
    const widget = nextWidgets.find((item) => item.id === id);
    if (!widget) return;
    const name = labels.name(widget, memberTitle);
    if (nextWidgets === before.present.widgets) {
      say(labels.edge(name));
      return;
    }
    const { x, y, w, h } = widget.layout;
    const other = swapped === undefined ? undefined : nextWidgets.find((item) => item.id === swapped);
    const text =
      mode === 'resize'
        ? labels.resized(name, w, h)
        : other
          ? labels.swapped(name, labels.name(other, memberTitle), x + 1, y + 1)
          : labels.moved(name, x + 1, y + 1);
    apply(record(before, { widgets: nextWidgets, change: { id, text } }), id);
    say(text);
  };

  const remove = (id: string) => {
    const before = current.current;
    const widget = before.present.widgets.find((item) => item.id === id);
    if (!widget) return;
    const text = labels.removed(labels.name(widget, memberTitle));
    // What was under it rises into its place.
    const rest = compactWidgets(before.present.widgets.filter((item) => item.id !== id));
    // Focus goes to the widget that now reads in its place, else the board.
    const order = [...before.present.widgets].sort((a, b) => byReadingOrder(a.layout, b.layout));
    const at = order.findIndex((item) => item.id === id);
    const neighbour = order[at + 1] ?? order[at - 1];
    apply(record(before, { widgets: rest, change: { id, text } }), neighbour?.id ?? '');
    say(text);
  };

  /**
   * One step back or forward. From the keys, focus goes to the widget the step changed (or the
   * board, when it is gone); from the buttons it stays on the button, to press again.
   */
  const step = (direction: 'undo' | 'redo', fromKeys: boolean) => {
    const before = current.current;
    const next = direction === 'undo' ? undo(before) : redo(before);
    if (next === before) {
      say(labels.nothing);
      return;
    }
    const change = direction === 'undo' ? before.present.change : next.present.change;
    const still = change && next.present.widgets.some((item) => item.id === change.id);
    apply(next, !fromKeys ? undefined : still ? change.id : '');
    if (change) say(direction === 'undo' ? labels.undone(change.text) : labels.redone(change.text));
  };

  /**
   * Adds a widget at the first free place (a gap, else under everything), with a free id;
   * focus goes to it and it is announced. Undo takes it away again.
   */
  const add = (spec: NewWidget) => {
    const before = current.current;
    // Ids of the widgets it could not show count too: they are saved back beside it.
    const used = new Set<unknown>([
      ...before.present.widgets.map((item) => item.id),
      ...rejected.map((item) => (item.value as { id?: unknown } | null)?.id),
    ]);
    let n = 1;
    while (used.has(`${spec.kind}-${n}`)) n++;
    const [w, h] = NEW_SIZE[spec.kind];
    const layout = firstFreePlace(layoutOf(before.present.widgets), w, h);
    const widget = { id: `${spec.kind}-${n}`, ...spec, layout } as BoardWidget;
    // Members come from the data API: a widget the definition would refuse is not added.
    if (!BoardWidgetSchema.test(widget)) return;
    setAdding(false);
    const text = labels.added(labels.name(widget, memberTitle));
    const widgets = compactWidgets([...before.present.widgets, widget]);
    apply(record(before, { widgets, change: { id: widget.id, text } }), widget.id);
    say(text);
  };

  const cancelAdd = () => {
    setAdding(false);
    rootRef.current?.querySelector<HTMLElement>('.ek-board__add-button')?.focus();
  };

  const endDrag = (commit: boolean) => {
    const active = drag.current;
    if (!active) return;
    drag.current = null;
    const shown = previewRef.current;
    previewRef.current = null;
    setDragging(null);
    setPreview(null);
    if (commit && shown) commitLayout(active.id, shown, active.mode);
  };

  const onKeyDown = (id: string, event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    // A pointer drag owns the layout until it ends (Escape cancels it: see onPointerDown).
    if (drag.current) return;
    const delta = ARROWS[event.key];
    if (delta) {
      event.preventDefault();
      const layout = layoutOf(current.current.present.widgets);
      const [dx, dy] = delta;
      if (event.shiftKey) commitLayout(id, resizeBy(layout, id, dx, dy), 'resize');
      else {
        const move = keyMove(layout, id, dx, dy);
        commitLayout(id, move.layout, 'move', move.swapped);
      }
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(id);
    }
  };

  const onPointerDown = (id: string, mode: DragMode, event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || drag.current || !gridRef.current) return;
    // Stacked on a narrow board there is no grid to drag across (the keyboard still moves it).
    if (getComputedStyle(gridRef.current).gridTemplateColumns.trim().split(/\s+/).length < BOARD_COLUMNS) return;
    event.preventDefault();
    const grid = gridRef.current.getBoundingClientRect();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const active: Drag = {
      id,
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      pitchX: (grid.width + BOARD_GAP) / BOARD_COLUMNS,
      pitchY: BOARD_ROW_HEIGHT + BOARD_GAP,
      start: layoutOf(current.current.present.widgets),
    };
    drag.current = active;
    setDragging(id);
    // The cell keeps focus through the drag, so the keyboard can go on from there.
    handle.closest<HTMLElement>('.ek-board__cell')?.focus({ preventScroll: true });
    const move = (next: globalThis.PointerEvent) => {
      if (drag.current !== active || next.pointerId !== active.pointerId) return;
      const dx = Math.round((next.clientX - active.startX) / active.pitchX);
      const dy = Math.round((next.clientY - active.startY) / active.pitchY);
      const item = active.start.find((place) => place.id === active.id)!;
      const place =
        active.mode === 'move'
          ? { ...item, x: item.x + dx, y: item.y + dy }
          : { ...item, w: item.w + dx, h: item.h + dy };
      const shown = placeWidget(active.start, active.id, place);
      if (samePlaces(previewRef.current ?? active.start, shown)) return;
      previewRef.current = shown;
      setPreview(shown);
    };
    const stop = (commit: boolean) => () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', cancel);
      handle.ownerDocument.removeEventListener('keydown', escape, true);
      stopDrag.current = null;
      handlers.current.endDrag(commit);
    };
    const up = stop(true);
    const cancel = stop(false);
    // Escape puts the widget back where the drag started (focus is on the cell, not the handle).
    const escape = (key: globalThis.KeyboardEvent) => {
      if (key.key !== 'Escape') return;
      key.preventDefault();
      if (handle.hasPointerCapture(active.pointerId)) handle.releasePointerCapture(active.pointerId);
      cancel();
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', cancel);
    handle.ownerDocument.addEventListener('keydown', escape, true);
    stopDrag.current = cancel;
  };

  // The cells get handlers made once (a memoised cell re-renders only for its own props); they
  // call this render's functions, which see the latest words, definition and callbacks.
  const handlers = useLatest({ onKeyDown, onPointerDown, remove, endDrag });
  const [actions] = useState<CellActions>(() => ({
    onKeyDown: (id, event) => handlers.current.onKeyDown(id, event),
    onPointerDown: (id, mode, event) => handlers.current.onPointerDown(id, mode, event),
    onRemove: (id) => handlers.current.remove(id),
  }));

  // After a change, focus follows the widget (or its neighbour after a removal) in its new place.
  useIsomorphicLayoutEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    focusNext.current = null;
    const root = rootRef.current;
    if (!root) return;
    const cell = [...root.querySelectorAll<HTMLElement>('[data-widget-id]')].find((el) => el.dataset.widgetId === id);
    (cell ?? root.querySelector<HTMLElement>('.ek-board__grid'))?.focus({ preventScroll: false });
  });

  const onBoardKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!editable || !(event.ctrlKey || event.metaKey) || isTextField(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      event.preventDefault();
      step(key === 'y' || event.shiftKey ? 'redo' : 'undo', true);
    }
  };

  const shown = preview ?? layoutOf(widgets);
  const places = new Map(shown.map((place) => [place.id, place]));
  // The cells in reading order of the saved layout: the tab order, and the order they stack
  // in on a narrow board. (Not the drag's preview: a cell that moves in the DOM mid-drag
  // would lose its pointer.)
  const ordered = [...widgets].sort((a, b) => byReadingOrder(a.layout, b.layout));
  const rows = layoutRows(shown);
  return (
    <ThemedRoot
      as="section"
      ref={rootRef}
      className={['ek-board', className].filter(Boolean).join(' ')}
      aria-label={board.title}
      data-editable={editable ? '' : undefined}
      onKeyDown={onBoardKeyDown}
    >
      <BoardHeader
        title={board.title}
        editable={editable}
        labels={labels}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onStep={(direction) => {
          const from = document.activeElement;
          step(direction, false);
          // Undo that disables itself (nothing left to undo) hands focus to Redo, and Redo to Undo.
          if (from instanceof HTMLElement)
            keepFocusNear(
              from,
              () => (direction === 'undo' ? from.nextElementSibling : from.previousElementSibling) as HTMLElement,
            );
        }}
        adding={adding}
        onAdd={widgets.length + rejected.length < MAX_BOARD_WIDGETS ? () => setAdding((open) => !open) : undefined}
      />
      {editable && adding ? (
        <Suspense fallback={<div className="ek-board__add" aria-busy="true" />}>
          <AddWidget labels={labels} onAdd={add} onCancel={cancelAdd} />
        </Suspense>
      ) : null}
      {rejected.length ? <Problems labels={labels} issues={reading.issues} count={rejected.length} /> : null}
      <BoardFilters filters={board.filters}>
        <div
          ref={gridRef}
          className="ek-board__grid"
          style={{ ['--ek-board-rows' as string]: rows }}
          tabIndex={editable ? -1 : undefined}
        >
          {ordered.map((widget: BoardWidget) => {
            const place = places.get(widget.id)!;
            return (
              <BoardCell
                key={widget.id}
                widget={widget}
                x={place.x}
                y={place.y}
                w={place.w}
                h={place.h}
                editable={editable}
                dragging={dragging === widget.id}
                instructionsId={instructionsId}
                memberTitle={memberTitle}
                labels={labels}
                actions={actions}
                today={today}
                locale={locale}
              />
            );
          })}
        </div>
      </BoardFilters>
      {editable ? (
        <p id={instructionsId} className="ek-sr-only">
          {labels.instructions}
        </p>
      ) : null}
      {titlesReader}
      <div className="ek-sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
    </ThemedRoot>
  );
}

const samePlaces = (a: readonly PlacedWidget[], b: readonly PlacedWidget[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** What is wrong with the widgets the board could not show, each by its path. */
function Problems({
  labels,
  issues,
  count,
}: {
  labels: BoardLabels;
  issues: readonly { path: string; message: string }[];
  count: number;
}) {
  return (
    <div className="ek-board__problems" role="alert">
      <strong>{labels.problems(count)}</strong>
      <ul>
        {issues.slice(0, 20).map((issue, i) => (
          <li key={i}>
            <code>{issue.path}</code>: {issue.message.slice(0, 300)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A definition with no board to show at all: what is wrong, by path. */
function Unreadable({
  labels,
  issues,
  className,
}: {
  labels: BoardLabels;
  issues: readonly { path: string; message: string }[];
  className?: string;
}) {
  return (
    <ThemedRoot
      as="section"
      className={['ek-board', className].filter(Boolean).join(' ')}
      aria-label={labels.unreadable}
    >
      <div className="ek-board__problems" role="alert">
        <strong>{labels.unreadable}</strong>
        <ul>
          {issues.slice(0, 20).map((issue, i) => (
            <li key={i}>
              {issue.path ? <code>{issue.path}</code> : null}
              {issue.path ? ': ' : null}
              {issue.message.slice(0, 300)}
            </li>
          ))}
        </ul>
      </div>
    </ThemedRoot>
  );
}

/**
 * The board's own filters on top of the page's shared ones (a `SemanticFilters` around the
 * board): both hold, the board's value for a member and its date range winning. Without
 * filters of its own the page's reach every widget as they are.
 */
function BoardFilters({ filters, children }: { filters: BoardDefinition['filters']; children: ReactNode }) {
  const outer = useSemanticFilters();
  if (!filters) return children;
  const base = outer?.value ?? NO_FILTERS;
  const value: SemanticFilterValue = {
    ...((filters.dateRange ?? base.dateRange) ? { dateRange: filters.dateRange ?? base.dateRange } : {}),
    values: { ...base.values, ...filters.values },
  };
  return (
    <SemanticFilters dateDimension={filters.dateDimension ?? outer?.dateDimension} value={value}>
      {children}
    </SemanticFilters>
  );
}
