import { describe, expect, it } from 'vitest';
import type { SqlResult } from '../../../src/protocol';
import { fileName, spreadsheetCell, toCsv, toTsv } from '../../../src/react/charts/export-result';

describe('spreadsheetCell', () => {
  it('escapes text a spreadsheet would run as a formula, and nothing else', () => {
    for (const formula of ['=1+1', '+A1', '-A1', '@SUM(A1)', '\t=1', '\r=1', '-', '+1 555 0100', '=cmd|" /C calc"!A0'])
      expect(spreadsheetCell(formula)).toBe(`'${formula}`);
    // Numbers, as numbers or as text, are never formulas.
    for (const number of [-12.5, 0, 1e21]) expect(spreadsheetCell(number)).toBe(String(number));
    for (const text of ['-12.5', '+3', '-.5', '1e-7']) expect(spreadsheetCell(text)).toBe(text);
    expect(spreadsheetCell(' =1')).toBe(' =1');
    expect(spreadsheetCell('a=b')).toBe('a=b');
    expect(spreadsheetCell(null)).toBe('');
    expect(spreadsheetCell(true)).toBe('true');
  });
});

describe('toCsv and toTsv', () => {
  const result: SqlResult = {
    sqlQuery: 'SELECT 1',
    columns: [
      { name: 'a,b', type: 'String', kind: 'string' },
      { name: 'n', type: 'Double', kind: 'number' },
    ],
    rows: [
      ['say "hi"', 1],
      ['two\r\nlines', null],
      ['tab\there', -2],
    ],
    totalRows: 3,
    truncated: false,
  };
  it('writes RFC 4180 CSV: CRLF, quoted separators, quotes and line breaks, a BOM', () => {
    expect(toCsv(result)).toBe('\uFEFF"a,b",n\r\n"say ""hi""",1\r\n"two\r\nlines",\r\ntab\there,-2\r\n');
    expect(toCsv(result, false).startsWith('"a,b"')).toBe(true);
  });
  it('writes TSV that pastes cell for cell: tabs inside a cell are quoted', () => {
    expect(toTsv(result)).toBe('a,b\tn\r\n"say ""hi"""\t1\r\n"two\r\nlines"\t\r\n"tab\there"\t-2\r\n');
  });
});

describe('fileName', () => {
  it('makes a short, safe name from a title', () => {
    expect(fileName('Revenue by region', 'csv')).toBe('revenue-by-region.csv');
    expect(fileName('../../etc/passwd <script>', 'svg')).toBe('etc-passwd-script.svg');
    expect(fileName('Umsätze – Café', 'png')).toBe('umsatze-cafe.png');
    expect(fileName(undefined, 'csv')).toBe('query-result.csv');
    expect(fileName('', 'csv')).toBe('query-result.csv');
    expect(fileName('x'.repeat(200), 'csv')).toBe(`${'x'.repeat(60)}.csv`);
  });
});
