import type { SemanticQuery } from '../../../protocol';
import { fileName, saveUrl, toCsv } from '../../charts/export-result';
import type { DataSource, SemanticResult } from './semantic-result';
import { toSqlResult } from './to-sql-result';

/** Rows per request while reading every row: the data API's default page, well under its cap. */
const CSV_PAGE = 10_000;

/**
 * Reads every row of `query`, page by page, and saves them as a CSV named after `title`
 * (the chat's export: formulas escaped). Gives up after five minutes. A `QueryTable`'s
 * "Download CSV" loads this on its first click.
 */
export async function saveQueryCsv(source: DataSource, query: SemanticQuery, title: string | undefined): Promise<void> {
  const signal = AbortSignal.timeout(5 * 60_000);
  let all: SemanticResult | undefined;
  for (let offset = 0; ; offset += CSV_PAGE) {
    const part = await source.load({ ...query, limit: CSV_PAGE, offset, total: true }, signal);
    all = all ? { ...all, data: [...all.data, ...part.data] } : part;
    if (part.data.length < CSV_PAGE || all.data.length >= (part.total ?? 0)) break;
  }
  const url = URL.createObjectURL(new Blob([toCsv(toSqlResult(all!, title))], { type: 'text/csv;charset=utf-8' }));
  saveUrl(url, fileName(title, 'csv'));
}
