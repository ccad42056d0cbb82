import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { SqlResult } from '../../protocol';
import type { ChartChoice } from './chart-choices';
import { chartTypeOf, fittingChartTypes, type ChartType } from './chart-types';

// ResultChart builds picked chart types (and charts for results without a usable spec) with
// these, loaded with the toolbar.
export { specForType, suggestChart } from './chart-types';
import type { ColumnFormat } from './formats';
import { defaultResultLabels, type ResultLabels } from './labels';
import { loadedCharts } from './load-charts';
import { MenuButton, type MenuEntry } from './Menu';
import type * as ExportModule from './export-result';
import type { ResultAction, ResultActionNote } from './result-action';
import type { DrawnChart } from './draw-chart';

// Loaded lazily by <ResultChart> (it holds the toolbar's place meanwhile): the menus and the
// chart type rules are not needed to show a result.

export type { ResultAction } from './result-action';

/** Props of the lazily loaded toolbar; see `ResultChart`. */
export interface ResultToolbarProps {
  result: SqlResult;
  formats: Record<string, ColumnFormat>;
  /** The chart shown (undefined: the table). */
  spec: Record<string, unknown> | undefined;
  orientation: 'vertical' | 'horizontal' | undefined;
  /** The user's pick (undefined: the chart the answer came with). */
  picked: ChartType | undefined;
  /** The chart the answer came with (or the one chosen from the columns). */
  answered: Record<string, unknown> | undefined;
  /** False when the host forced the table: no switch. */
  switchable: boolean;
  onPick: (type: ChartChoice) => void;
  /** The chart on screen, once drawn (its image is drawn from it). */
  drawn: (() => DrawnChart | null) | undefined;
  /** Every row of the result, for the CSV (the chat: through `transport.dataUrl`). */
  loadAllRows: ((signal: AbortSignal) => Promise<SqlResult>) | undefined;
  actions: readonly ResultAction[] | undefined;
  labels: Partial<ResultLabels> | undefined;
}

let exports: Promise<typeof ExportModule> | undefined;
/** The export code, loaded when the export menu first opens (or on the first export). */
const loadExports = () =>
  (exports ??= import('./export-result').catch((error: unknown) => {
    exports = undefined;
    throw error;
  }));

const STATUS_MS = 4_000;

const noSubscription = () => () => {};
const no = () => false;
const yes = () => true;

/**
 * A result's toolbar: the chart type switch (the types that fit the columns, the table
 * among them) and the export menu (CSV, TSV to the clipboard, PNG and SVG of the chart,
 * and the host's own actions), with a polite status line. One tab stop; the arrow keys
 * move between the two buttons (the WAI-ARIA toolbar pattern). While a chart whose code is
 * in draws, only its place: the chart does not wait for the menus (on a board, sixteen
 * charts' buttons), which come right after it.
 */
export function ResultToolbar(props: ResultToolbarProps) {
  // Only before the first draw: once shown, the buttons stay through a redraw (a new width, a
  // new type), or the one holding focus would be replaced and focus fall to the page.
  // A server render and its hydration draw the buttons (the server has no chart code): the
  // place alone is only for a chart drawing in the browser.
  const onServer = useSyncExternalStore(noSubscription, no, yes);
  const [shown, setShown] = useState(onServer);
  if (!shown) {
    if (props.spec && !props.drawn && loadedCharts()) return <div className="ek-chart__toolbar" />;
    setShown(true); // during render: React renders again at once, before anything is committed
  }
  return <Toolbar {...props} />;
}

function Toolbar(props: ResultToolbarProps) {
  const { result, spec, picked, switchable, loadAllRows, actions } = props;
  const shown = spec ? chartTypeOf(spec, props.orientation) : 'table';
  const drawn = spec && props.drawn;
  // File names from the chart's title, else the query's; images get the query's when the chart
  // shows none (the chat shows it above the chart instead).
  const title = typeof spec?.title === 'string' ? spec.title : result.queryTitle;
  const imageTitle = spec?.title === undefined ? result.queryTitle : undefined;
  // The answer's chart is of a kind the switch does not offer (a pie): "As answered" goes back to it.
  const custom = props.answered !== undefined && chartTypeOf(props.answered) === undefined;
  const labels = { ...defaultResultLabels, ...props.labels };
  const [status, setStatus] = useState<string | ResultActionNote>('');
  const [active, setActive] = useState(0);
  // The action whose dialog is open.
  const [dialog, setDialog] = useState<ResultAction | null>(null);
  const controller = useRef<AbortController | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    // A note with a link stays (a keyboard user must be able to reach it).
    if (!status || status === labels.preparing || (typeof status === 'object' && status.link)) return;
    const timer = setTimeout(() => setStatus(''), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status, labels.preparing]);

  const run = async (task: () => Promise<string | ResultActionNote | void> | string | ResultActionNote | void) => {
    try {
      setStatus((await task()) ?? '');
    } catch (error) {
      if (controller.current?.signal.aborted) return;
      console.warn('react-embedded-analytics: export failed', error);
      setStatus(labels.exportFailed);
    }
  };

  const total = result.truncated ? result.totalRows : result.rows.length;
  const all = !result.truncated || !!loadAllRows;
  const entries: MenuEntry[] = [
    { key: 'csv', label: labels.downloadCsv(all ? total : result.rows.length, all, total) },
    { key: 'tsv', label: labels.copyTsv(result.rows.length) },
  ];
  if (drawn) {
    entries.push({ key: 'png', label: labels.downloadPng, group: true }, { key: 'svg', label: labels.downloadSvg });
  }
  actions?.forEach((action, index) =>
    entries.push({ key: `action:${action.key}`, label: action.label, group: index === 0 }),
  );

  const csv = async () => {
    const module = await loadExports();
    let rows = result;
    if (result.truncated && loadAllRows) {
      controller.current?.abort();
      controller.current = new AbortController();
      setStatus(labels.preparing);
      rows = await loadAllRows(controller.current.signal);
    }
    const name = module.fileName(title, 'csv');
    module.saveText(module.toCsv(rows), name, 'text/csv;charset=utf-8');
    return labels.downloaded(name);
  };
  const tsv = async () => {
    const module = await loadExports();
    await navigator.clipboard.writeText(module.toTsv(result));
    return labels.copiedRows(result.rows.length);
  };
  const picture = (format: 'png' | 'svg') => async () => {
    const module = await loadExports();
    const chart = drawn?.();
    if (!chart) throw new Error('The chart is not drawn');
    const name = module.fileName(title, format);
    module.saveUrl(await module.chartImage(chart, imageTitle, format), name);
    return labels.downloaded(name);
  };
  const onExport = (key: string) => {
    const action = actions?.find((candidate) => `action:${candidate.key}` === key);
    if (action?.dialog) {
      setStatus('');
      setDialog(action);
      return;
    }
    void run(
      key === 'csv'
        ? csv
        : key === 'tsv'
          ? tsv
          : key === 'png' || key === 'svg'
            ? picture(key)
            : () => action?.onSelect?.(),
    );
  };
  /** An action's dialog closed: what it said, and focus back on the menu's button. */
  const closeDialog = (note?: string | ResultActionNote) => {
    setDialog(null);
    if (note) setStatus(note);
    [...(bar.current?.querySelectorAll<HTMLElement>('[data-ek-tool]') ?? [])].at(-1)?.focus();
  };

  const types = switchable ? fittingChartTypes(result, props.formats) : [];
  const choices: MenuEntry[] = types.map((type) => ({
    key: type,
    label: labels.chartType(type),
    checked: type === shown && (picked !== undefined || !custom),
  }));
  if (custom) choices.unshift({ key: 'auto', label: labels.chartAsAnswered, checked: picked === undefined });
  const current = choices.find((choice) => choice.checked)?.label ?? labels.chartAsAnswered;
  const menus = choices.length > 1 ? 2 : 1;
  const tool = (index: number) => ({
    tabIndex: index === Math.min(active, menus - 1) ? 0 : -1,
    onFocus: () => setActive(index),
    'data-ek-tool': '',
  });
  // Left and right move between the menu buttons (up and down open a menu).
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if ((event.target as HTMLElement).getAttribute('role')?.startsWith('menuitem')) return;
    const tools = [...(bar.current?.querySelectorAll<HTMLElement>('[data-ek-tool]') ?? [])];
    const at = tools.indexOf(document.activeElement as HTMLElement);
    if (at === -1) return;
    event.preventDefault();
    tools[(at + (event.key === 'ArrowRight' ? 1 : tools.length - 1)) % tools.length]?.focus();
  };

  return (
    <div className="ek-chart__toolbar">
      <div ref={bar} className="ek-chart__tools" role="toolbar" aria-label={labels.toolbar} onKeyDown={onKey}>
        {menus === 2 && (
          <MenuButton
            label={labels.chartTypeMenu(current)}
            entries={choices}
            onSelect={(key) => props.onPick(key as ChartChoice)}
            buttonProps={tool(0)}
          />
        )}
        <MenuButton
          label={labels.exportMenu}
          entries={entries}
          onSelect={onExport}
          buttonProps={tool(menus - 1)}
          onOpen={() => void loadExports().catch(() => {})}
        />
      </div>
      {/* A live region, not a second role="status" beside the chat's own. */}
      <span className="ek-chart__status" aria-live="polite">
        {typeof status === 'string' ? (
          status
        ) : (
          <>
            {status.text}
            {status.link ? (
              <>
                {' '}
                <a className="ek-chart__status-link" href={status.link.href}>
                  {status.link.label}
                </a>
              </>
            ) : null}
          </>
        )}
      </span>
      {dialog?.dialog ? <ActionDialog dialog={dialog.dialog} onDone={closeDialog} /> : null}
    </div>
  );
}

/** An action's own dialog, open until it says it is done. */
function ActionDialog({
  dialog,
  onDone,
}: {
  dialog: NonNullable<ResultAction['dialog']>;
  onDone: (note?: string | ResultActionNote) => void;
}) {
  return dialog(onDone);
}
