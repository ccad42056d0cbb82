import { useEffect, useRef, useState } from 'react';
import type { OrderDirection, SemanticQuery } from '../../protocol';
import { applyFilters } from './data/apply-filters';
import type { CsvProgress } from './data/save-query-csv';
import { useSemanticFilters } from './data/SemanticFilters';
import { useSemanticContext } from './data/SemanticProvider';
import { capText } from './cap-text';
import type { QueryTableLabels } from './query-table-types';

// `QueryTable`'s "Download CSV", loaded with the table's view: every row read page by page and
// written as it comes; a long export shows how far it is, and Cancel stops it.

/** The CSV's words that default here, not in the entry (see `QueryTableLabels`). */
const CSV_LABELS = {
  csvProgress: (rows: string, total: string) => `${rows} of ${total} rows`,
  csvCancel: 'Cancel CSV',
  csvCancelled: 'CSV cancelled: nothing was saved',
};

/** Props of {@link QueryTableCsv}. */
export interface QueryTableCsvProps {
  query: SemanticQuery;
  order: [string, OrderDirection][];
  title: string | undefined;
  labels: QueryTableLabels;
  disabled: boolean;
  locale: string;
}

/** Reads every row of the query, page by page, and saves the CSV; shows progress and Cancel while it does. */
export function QueryTableCsv({ query, order, title, labels: given, disabled, locale }: QueryTableCsvProps) {
  const labels = {
    ...given,
    csvProgress: given.csvProgress ?? CSV_LABELS.csvProgress,
    csvCancel: given.csvCancel ?? CSV_LABELS.csvCancel,
    csvCancelled: given.csvCancelled ?? CSV_LABELS.csvCancelled,
  };
  const { source } = useSemanticContext();
  const filters = useSemanticFilters();
  const [running, setRunning] = useState<AbortController | null>(null);
  const [progress, setProgress] = useState<CsvProgress | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // Unmounted mid-export: the export stops and saves nothing.
  const exporting = useRef<AbortController | null>(null);
  useEffect(() => () => exporting.current?.abort(), []);
  // Cancel leaves with the export: focus, if it was there, goes back to the button once it is enabled.
  const refocus = useRef(false);
  useEffect(() => {
    if (running || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [running]);

  const download = async () => {
    const controller = new AbortController();
    exporting.current = controller;
    setRunning(controller);
    setProgress(null);
    setFailed(null);
    setSaid(null);
    try {
      const base = applyFilters(
        { ...query, ...(order.length ? { order } : {}) },
        filters?.value,
        filters?.dateDimension,
      );
      // Loaded on the first click: most tables are never exported.
      const { saveQueryCsv } = await import('./data/save-query-csv');
      const saved = await saveQueryCsv(source, base, title, { signal: controller.signal, onProgress: setProgress });
      // Stopped at its ceiling (a server claiming endless rows): said, with what was saved.
      if (saved?.stopped)
        setSaid(
          labels.csvPartial(saved.rows.toLocaleString(locale), (saved.total ?? saved.rows).toLocaleString(locale)),
        );
    } catch (error) {
      if (controller.signal.aborted) setSaid(labels.csvCancelled);
      else setFailed(error instanceof Error ? error : new Error(String(error)));
    } finally {
      refocus.current = document.activeElement === cancel.current;
      if (exporting.current === controller) exporting.current = null;
      setRunning((current) => (current === controller ? null : current));
      setProgress(null);
    }
  };
  const busy = running !== null;
  // Shown for an export of more than one page, once its first page is in.
  const long = progress && progress.of !== undefined && progress.of > progress.rows;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="ek-button"
        onClick={() => void download()}
        disabled={disabled || busy}
      >
        {busy ? labels.preparing : labels.csv}
      </button>
      {busy && (
        <button ref={cancel} type="button" className="ek-button" onClick={() => running?.abort()}>
          {labels.csvCancel}
        </button>
      )}
      {long && progress.of !== undefined && (
        <span className="ek-qtable__csv-progress">
          <progress
            value={progress.rows}
            max={progress.of}
            aria-label={labels.csvProgress(progress.rows.toLocaleString(locale), progress.of.toLocaleString(locale))}
          />
          <span aria-hidden="true">
            {labels.csvProgress(progress.rows.toLocaleString(locale), progress.of.toLocaleString(locale))}
          </span>
        </span>
      )}
      {failed && (
        <span role="alert" className="ek-widget__reason">
          {capText(failed.message, 200)}
        </span>
      )}
      {said && (
        <span role="status" className="ek-widget__reason">
          {said}
        </span>
      )}
    </>
  );
}
