import { parseExpression } from 'vega';
import { format, refuse, type Rule } from './rules';

/**
 * Expression functions an agent chart may call: arithmetic, dates, short string work,
 * type tests. Nothing that builds large values from a small input (`pad`, `sequence`,
 * `timeSequence`, `format` with a computed width), runs a regular expression (`regexp`,
 * `test`, regex literals: backtracking can take minutes), reads or writes data sources
 * (`data`, `modify`, `indata`), or logs.
 */
export const DEFAULT_EXPRESSION_FUNCTIONS: readonly string[] = [
  // numbers
  'abs',
  'ceil',
  'floor',
  'round',
  'sqrt',
  'exp',
  'log',
  'pow',
  'min',
  'max',
  'clamp',
  'isNaN',
  'isFinite',
  'inrange',
  // dates
  'now',
  'datetime',
  'utc',
  'date',
  'day',
  'dayofyear',
  'week',
  'year',
  'quarter',
  'month',
  'hours',
  'minutes',
  'seconds',
  'milliseconds',
  'time',
  'utcdate',
  'utcday',
  'utcdayofyear',
  'utcweek',
  'utcyear',
  'utcquarter',
  'utcmonth',
  'utchours',
  'utcminutes',
  'utcseconds',
  'utcmilliseconds',
  'timeFormat',
  'utcFormat',
  'monthFormat',
  'monthAbbrevFormat',
  'dayFormat',
  'dayAbbrevFormat',
  'format',
  // strings
  'upper',
  'lower',
  'trim',
  'substring',
  'slice',
  'truncate',
  'indexof',
  'lastindexof',
  'replace',
  'length',
  'parseFloat',
  'parseInt',
  // types
  'isValid',
  'isNumber',
  'isString',
  'isBoolean',
  'isDate',
  'isArray',
  'toNumber',
  'toString',
  'toBoolean',
  'toDate',
  'if',
];

/** Functions whose format argument must be a short literal (see `format` in rules.ts). */
const LITERAL_FORMAT_ARGUMENT: Record<string, number> = {
  format: 1,
  timeFormat: 1,
  utcFormat: 1,
};

const CONSTANTS = new Set([
  'PI',
  'E',
  'LN2',
  'LN10',
  'LOG2E',
  'LOG10E',
  'SQRT1_2',
  'SQRT2',
  'MIN_VALUE',
  'MAX_VALUE',
  'NaN',
]);
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_NODES = 300;
const MAX_STRING = 200;
const MAX_ARRAY = 50;

interface Node {
  type: string;
  name?: string;
  value?: unknown;
  regex?: unknown;
  computed?: boolean;
  object?: Node;
  property?: Node;
  callee?: Node;
  arguments?: Node[];
  elements?: Node[];
  left?: Node;
  right?: Node;
  argument?: Node;
  test?: Node;
  consequent?: Node;
  alternate?: Node;
}

/**
 * A Vega expression, parsed with Vega's own parser and accepted only if every part is on
 * the allow-list: literals (no regex; strings and arrays capped), `datum` and its fields,
 * the math constants, the spec's own params, operators, and calls to allowed functions.
 */
export const expression: Rule = (value, path, walk) => {
  if (typeof value !== 'string') return refuse(path, 'must be an expression', true);
  const max = walk.limits.maxExpressionLength;
  if (value.length > max) return refuse(path, `is an expression longer than ${max} characters`);
  let ast: Node;
  try {
    ast = parseExpression(value) as unknown as Node;
  } catch {
    return refuse(path, 'is not a valid expression');
  }
  let nodes = 0;
  const fail = (why: string): never => refuse(path, `uses ${why}, which agent charts may not use`);
  const visit = (node: Node | undefined): void => {
    if (!node) return;
    if (++nodes > MAX_NODES) refuse(path, 'is too complex an expression');
    switch (node.type) {
      case 'Literal':
        if (node.regex) fail('a regular expression');
        if (typeof node.value === 'string' && node.value.length > MAX_STRING) fail('a text literal that long');
        return;
      case 'Identifier':
        if (node.name === 'datum' || CONSTANTS.has(node.name!) || walk.paramNames.has(node.name!)) return;
        return fail(`"${node.name}"`);
      case 'MemberExpression': {
        const property = node.property!;
        const key = node.computed ? property.value : property.name;
        if (node.computed && property.type !== 'Literal') fail('a computed property');
        if (typeof key !== 'string' && typeof key !== 'number') fail('that property');
        if (PROTOTYPE_KEYS.has(String(key))) fail(`"${String(key)}"`);
        return visit(node.object);
      }
      case 'CallExpression': {
        if (node.callee!.type !== 'Identifier') fail('a method call');
        const name = node.callee!.name!;
        if (!walk.functions.has(name)) fail(`the function ${name}()`);
        const at = LITERAL_FORMAT_ARGUMENT[name];
        if (at !== undefined) {
          const argument = node.arguments![at];
          if (argument && argument.type !== 'Literal') fail(`${name}() with a computed format`);
          if (argument) format(argument.value, path, walk);
        }
        return node.arguments!.forEach(visit);
      }
      case 'ArrayExpression':
        if (node.elements!.length > MAX_ARRAY) fail('an array literal that long');
        return node.elements!.forEach(visit);
      case 'BinaryExpression':
      case 'LogicalExpression':
        visit(node.left);
        return visit(node.right);
      case 'UnaryExpression':
        return visit(node.argument);
      case 'ConditionalExpression':
        visit(node.test);
        visit(node.consequent);
        return visit(node.alternate);
      default:
        // Object literals (what `modify` and friends take) and anything else.
        return fail(`${node.type === 'ObjectExpression' ? 'an object literal' : node.type}`);
    }
  };
  visit(ast);
  return value;
};
