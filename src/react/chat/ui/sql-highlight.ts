/** A token of SQL for highlighting: its text and what it is. */
export interface SqlToken {
  text: string;
  kind: 'keyword' | 'string' | 'number' | 'comment' | 'identifier' | 'operator' | 'space';
}

const KEYWORDS = new Set(
  (
    'select from where group by order having limit offset as and or not in is null like ilike between case when then ' +
    'else end join left right inner outer full cross on using with union all distinct asc desc over partition ' +
    'interval date timestamp true false cast exists any filter within measure'
  ).split(' '),
);

// One alternative per token kind, tried in order at each position.
const TOKEN =
  /(--[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|('(?:[^']|'')*'?)|("(?:[^"]|"")*"?|`[^`]*`?)|(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\b|([A-Za-z_][\w$]*)|(\s+)|([^\sA-Za-z_\d'"`-]+|-)/giy;

/**
 * Splits SQL into tokens for highlighting: never throws, and the tokens' texts joined give
 * back the input exactly. Rendered as React text nodes, never as HTML.
 */
export function tokenizeSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (TOKEN.lastIndex < sql.length && (match = TOKEN.exec(sql))) {
    const [text, comment, string, quoted, number, word, space] = match;
    const kind: SqlToken['kind'] = comment
      ? 'comment'
      : string
        ? 'string'
        : quoted
          ? 'identifier'
          : number
            ? 'number'
            : word
              ? KEYWORDS.has(word.toLowerCase())
                ? 'keyword'
                : 'identifier'
              : space
                ? 'space'
                : 'operator';
    const last = tokens[tokens.length - 1];
    // Neighbouring plain tokens merge: fewer nodes to render.
    if (last && last.kind === kind && kind !== 'keyword') last.text += text;
    else tokens.push({ text, kind });
  }
  if (TOKEN.lastIndex < sql.length && TOKEN.lastIndex > 0)
    tokens.push({ text: sql.slice(TOKEN.lastIndex), kind: 'operator' });
  return tokens;
}
