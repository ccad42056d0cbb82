/**
 * A tiny runtime validator whose schemas are also the static types (`Infer<typeof S>`), so
 * each wire shape is written once. Schemas only check: a valid value is returned as is,
 * never copied, so validating a streamed chat message costs no allocation. Unknown object
 * keys are allowed (the service may add fields) and kept.
 */

/** One reason a value did not match a schema. */
export interface ValidationIssue {
  /** Where in the value, e.g. `userAttributes[2].value`; empty for the value itself. */
  path: string;
  message: string;
}

/** Thrown by {@link Schema.parse} when a value does not match; lists every issue found. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  constructor(
    /** Every mismatch found, in document order. */
    readonly issues: readonly ValidationIssue[],
    /** What was being validated, for the message ("GenerateSessionRequest"). */
    readonly subject = 'value',
  ) {
    super(
      `Invalid ${subject}: ${issues
        .slice(0, 5)
        .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
        .join('; ')}${issues.length > 5 ? ` (+${issues.length - 5} more)` : ''}`,
    );
  }
}

/** The result of {@link Schema.safeParse}. */
export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: ValidationError };

type Test = (value: unknown) => boolean;
type Check = (value: unknown, path: string, issues: ValidationIssue[]) => void;

/** A validator for values of type `T`. */
export interface Schema<T> {
  /** Phantom field carrying the type; never set at runtime. */
  readonly _type?: T;
  /** Fast yes/no check with no allocation: the hot path. */
  readonly test: Test;
  /** Appends every issue of `value` to `issues`; run only once `test` has failed. */
  readonly check: Check;
  /** Returns `value` typed as `T`, or throws a {@link ValidationError}. */
  parse(value: unknown, subject?: string): T;
  /** Like `parse` but returns a result object instead of throwing. */
  safeParse(value: unknown, subject?: string): SafeParseResult<T>;
  /** True when `value` matches. */
  is(value: unknown): value is T;
  /** Adds a rule; `message` is reported when `rule` returns false. */
  refine(rule: (value: T) => boolean, message: string): Schema<T>;
}

/** The static type a schema validates. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

function schema<T>(test: Test, check: Check): Schema<T> {
  const self: Schema<T> = {
    test,
    check,
    parse(value, subject) {
      const result = self.safeParse(value, subject);
      if (!result.success) throw result.error;
      return result.data;
    },
    safeParse(value, subject) {
      if (test(value)) return { success: true, data: value as T };
      const issues: ValidationIssue[] = [];
      check(value, '', issues);
      if (issues.length === 0) issues.push({ path: '', message: 'is invalid' });
      return { success: false, error: new ValidationError(issues, subject) };
    },
    is: (value): value is T => test(value),
    refine(rule, message) {
      return schema<T>(
        (value) => test(value) && rule(value as T),
        (value, path, issues) => {
          if (!test(value)) check(value, path, issues);
          else if (!rule(value as T)) issues.push({ path, message });
        },
      );
    },
  };
  return self;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function primitive<T>(expected: string, test: Test, kind: Kind = Kind.Other): Schema<T> {
  return withKind(
    schema<T>(test, (value, path, issues) => {
      if (!test(value)) issues.push({ path, message: `expected ${expected}, got ${describe(value)}` });
    }),
    kind,
  );
}

// What an object's test can check inline instead of calling a property's schema: a chat
// message is validated once per streamed line, and a call per property is most of its cost.
const Kind = { Other: 0, String: 1, Number: 2, Boolean: 3, StringArray: 4 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];
const kinds = new WeakMap<Schema<unknown>, Kind>();
function withKind<S extends Schema<unknown>>(s: S, kind: Kind): S {
  if (kind !== Kind.Other) kinds.set(s, kind);
  return s;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Marks an object property as optional (absent or `undefined`). */
export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly optional: true;
}

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends OptionalSchema<unknown> ? K : never;
}[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The object type described by a shape: optional schemas become optional properties. */
export type ObjectOf<S extends Shape> = Simplify<
  { [K in RequiredKeys<S>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/** Schema constructors. */
export const v = {
  /** A string; the type parameter narrows the static type only (e.g. open unions). */
  string: <T extends string = string>() => primitive<T>('a string', (x) => typeof x === 'string', Kind.String),
  /** A finite number. */
  number: () => primitive<number>('a finite number', (x) => typeof x === 'number' && Number.isFinite(x), Kind.Number),
  /** An integer. */
  integer: () => primitive<number>('an integer', (x) => Number.isInteger(x)),
  boolean: () => primitive<boolean>('a boolean', (x) => typeof x === 'boolean', Kind.Boolean),
  null: () => primitive<null>('null', (x) => x === null),
  /** Anything at all. */
  unknown: () =>
    schema<unknown>(
      () => true,
      () => {},
    ),
  /** One of the given literal values. */
  enum: <const L extends readonly (string | number | boolean)[]>(values: L) => {
    const test: Test = (value) => values.includes(value as L[number]);
    return schema<L[number]>(test, (value, path, issues) => {
      if (test(value)) return;
      const expected = values.map((x) => JSON.stringify(x)).join(', ');
      issues.push({ path, message: `expected one of ${expected}, got ${JSON.stringify(value) ?? 'undefined'}` });
    });
  },
  array: <T>(item: Schema<T>) =>
    withKind(
      schema<T[]>(
        (value) => {
          if (!Array.isArray(value)) return false;
          for (let i = 0; i < value.length; i++) if (!item.test(value[i])) return false;
          return true;
        },
        (value, path, issues) => {
          if (!Array.isArray(value)) {
            issues.push({ path, message: `expected an array, got ${describe(value)}` });
            return;
          }
          for (let i = 0; i < value.length; i++) {
            if (!item.test(value[i])) item.check(value[i], join(path, i), issues);
          }
        },
      ),
      kinds.get(item) === Kind.String ? Kind.StringArray : Kind.Other,
    ),
  /** A plain object with the given properties; other properties are allowed. */
  object: <S extends Shape>(shape: S) => {
    // Flat arrays: this runs once per streamed message.
    const keys = Object.keys(shape);
    const schemas = keys.map((key) => shape[key]!);
    const optional = schemas.map((property) => 'optional' in property);
    const inline = schemas.map((property) => kinds.get(property) ?? Kind.Other);
    return schema<ObjectOf<S>>(
      (value) => {
        if (!isPlainObject(value)) return false;
        for (let i = 0; i < keys.length; i++) {
          const field = value[keys[i]!];
          if (field === undefined) {
            if (!optional[i]) return false;
            continue;
          }
          switch (inline[i]) {
            case Kind.String:
              if (typeof field !== 'string') return false;
              break;
            case Kind.Number:
              if (typeof field !== 'number' || !Number.isFinite(field)) return false;
              break;
            case Kind.Boolean:
              if (typeof field !== 'boolean') return false;
              break;
            case Kind.StringArray:
              if (!Array.isArray(field)) return false;
              for (let j = 0; j < field.length; j++) if (typeof field[j] !== 'string') return false;
              break;
            default:
              if (!schemas[i]!.test(field)) return false;
          }
        }
        return true;
      },
      (value, path, issues) => {
        if (!isPlainObject(value)) {
          issues.push({ path, message: `expected an object, got ${describe(value)}` });
          return;
        }
        for (let i = 0; i < keys.length; i++) {
          const field = value[keys[i]!];
          if (field === undefined) {
            if (!optional[i]) issues.push({ path: join(path, keys[i]!), message: 'is required' });
          } else if (!schemas[i]!.test(field)) {
            schemas[i]!.check(field, join(path, keys[i]!), issues);
          }
        }
      },
    );
  },
  /** An object used as a dictionary: any keys, every value matching `item`. */
  record: <T>(item: Schema<T>) =>
    schema<Record<string, T>>(
      (value) => isPlainObject(value) && Object.values(value).every((field) => item.test(field)),
      (value, path, issues) => {
        if (!isPlainObject(value)) {
          issues.push({ path, message: `expected an object, got ${describe(value)}` });
          return;
        }
        for (const [key, field] of Object.entries(value)) {
          if (!item.test(field)) item.check(field, join(path, key), issues);
        }
      },
    ),
  /** Matches when any option matches; reports the closest option's issues otherwise. */
  union: <const O extends readonly Schema<unknown>[]>(...options: O) =>
    schema<Infer<O[number]>>(
      (value) => options.some((option) => option.test(value)),
      (value, path, issues) => {
        let best: ValidationIssue[] | undefined;
        for (const option of options) {
          const found: ValidationIssue[] = [];
          option.check(value, path, found);
          if (!best || found.length < best.length) best = found;
        }
        if (best) issues.push(...best);
      },
    ),
  /** Makes an object property optional. */
  optional: <T>(inner: Schema<T>): OptionalSchema<T> =>
    withKind(
      {
        ...schema<T | undefined>(
          (value) => value === undefined || inner.test(value),
          (value, path, issues) => {
            if (value !== undefined) inner.check(value, path, issues);
          },
        ),
        optional: true,
      },
      // An object's test handles `undefined` itself, so the inner kind applies.
      kinds.get(inner) ?? Kind.Other,
    ),
  /** A value or `null`. */
  nullable: <T>(inner: Schema<T>) =>
    schema<T | null>(
      (value) => value === null || inner.test(value),
      (value, path, issues) => {
        if (value !== null) inner.check(value, path, issues);
      },
    ),
  /** A schema defined later (for recursive shapes). */
  lazy: <T>(get: () => Schema<T>) =>
    schema<T>(
      (value) => get().test(value),
      (value, path, issues) => get().check(value, path, issues),
    ),
};
