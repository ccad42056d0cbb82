import { memo, useEffect, useState } from 'react';
import { cutAt, MoreText } from './MoreText';
import { tokenizeSql } from './sql-highlight';

const loadFormatter = () => import('sql-formatter').then((module) => module.format);
let formatter: ReturnType<typeof loadFormatter> | null = null;

/**
 * Longer SQL is shown as it came, as plain text: sql-formatter takes ~0.9 s for 200,000
 * characters and ~4 s for 1,000,000 on the main thread (the agent's SQL is untrusted, and
 * may be that long), and each highlighted token is a node. 20,000 take about 0.1 s.
 */
export const SQL_FORMAT_LIMIT = 20_000;
/**
 * Characters of longer SQL shown at once (the rest behind "Show all", in paragraphs): one
 * paragraph of text without break points takes longer to lay out than its length (20,000
 * Thai characters in a monospace font hold the page for seconds).
 */
const PLAIN_HEAD = 4_000;

/** Formats SQL with sql-formatter, loaded on first use (like vega) to keep the entry small. */
async function formatSql(sql: string): Promise<string> {
  formatter ??= loadFormatter();
  const format = await formatter;
  return format(sql, { language: 'postgresql', keywordCase: 'upper', tabWidth: 2 });
}

/**
 * SQL in a code block: shown at once as sent, then formatted when the formatter has loaded;
 * highlighted by a small tokenizer into React text nodes (no HTML is ever injected).
 * Unformattable SQL, or SQL past {@link SQL_FORMAT_LIMIT} characters, stays as it came; of
 * the latter, the first 4,000 characters show, the rest behind "Show all".
 */
export const SqlCode = memo(function SqlCode({ sql }: { sql: string }) {
  const [formatted, setFormatted] = useState<{ from: string; text: string } | null>(null);
  const plain = sql.length > SQL_FORMAT_LIMIT;
  useEffect(() => {
    if (plain) return;
    let live = true;
    formatSql(sql).then(
      (text) => live && setFormatted({ from: sql, text }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [sql, plain]);
  const shown = formatted?.from === sql ? formatted.text : sql;
  const head = plain ? cutAt(sql, PLAIN_HEAD) : sql.length;
  return (
    <>
      <pre className={plain ? 'ek-sql ek-sql--plain' : 'ek-sql'} data-formatted={shown !== sql || undefined}>
        <code>
          {plain
            ? sql.slice(0, head)
            : tokenizeSql(shown).map((token, i) =>
                token.kind === 'space' || token.kind === 'identifier' || token.kind === 'operator' ? (
                  token.text
                ) : (
                  <span key={i} className={`ek-sql__${token.kind}`}>
                    {token.text}
                  </span>
                ),
              )}
        </code>
      </pre>
      <MoreText text={sql} at={head} />
    </>
  );
});
