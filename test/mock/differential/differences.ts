// What the open-source server the differential test runs (Cube 0.33.65) answers differently
// from the current API the mock follows: each difference is the version's, not the mock's,
// and is written out here once, as the change that makes the mock's answer read as the old
// version's. docs/mock-and-testing.md lists the same ones; the test checks that each is
// still a difference (a newer server, or a mock that drifted, shows up as a failure).

/** A JSON value, as answers are compared. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One difference of the version: what it is, and the mock's answer made to read as the old one. */
export interface VersionDifference {
  /** What differs, in a line (the docs' list says the same). */
  what: string;
  /** Rewrites the mock's `/meta` answer, in place. */
  meta?: (meta: Record<string, Json>) => void;
  /** Rewrites one mock `/load` result (the single form's body, or one of the multi form's results), in place. */
  result?: (result: Record<string, Json>, sent: Record<string, Json>) => void;
}

const objects = (value: Json | undefined): Record<string, Json>[] =>
  Array.isArray(value)
    ? value.filter((v): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v))
    : [];
const entries = (value: Json | undefined): Record<string, Json>[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.values(value).filter(
        (v): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v),
      )
    : [];
const annotationGroups = (result: Record<string, Json>) => {
  const annotation = result.annotation as Record<string, Json> | undefined;
  return annotation ? (['measures', 'dimensions', 'timeDimensions'] as const).map((g) => annotation[g]) : [];
};

/** The differences, each checked by the test to still be one. */
export const VERSION_DIFFERENCES: VersionDifference[] = [
  {
    what: "A member's `currency` (a model property of 1.x): 0.33 has none, in `/meta` or in answers.",
    meta: (meta) => {
      for (const cube of objects(meta.cubes))
        for (const m of [...objects(cube.measures), ...objects(cube.dimensions)]) delete m.currency;
    },
    result: (result) => {
      for (const group of annotationGroups(result)) for (const entry of entries(group)) delete entry.currency;
    },
  },
  {
    what: '`public` on members, `primaryKey` on dimensions and `isVisible` on cubes: 0.33 sends none of them in `/meta`.',
    meta: (meta) => {
      for (const cube of objects(meta.cubes)) {
        delete cube.isVisible;
        for (const m of [...objects(cube.measures), ...objects(cube.dimensions)]) delete m.public;
        for (const d of objects(cube.dimensions)) delete d.primaryKey;
      }
    },
  },
  {
    what: "A time dimension's annotation has no `granularity` object (`{ name, title, interval }`) in 0.33.",
    result: (result) => {
      const annotation = result.annotation as Record<string, Json> | undefined;
      for (const entry of entries(annotation?.timeDimensions)) delete entry.granularity;
    },
  },
  {
    what: 'A query sent without `order` is echoed with `order: []` by 0.33; the current API leaves it out.',
    result: (result, sent) => {
      const echo = result.query as Record<string, Json> | undefined;
      if (echo && !('order' in sent)) echo.order = [];
    },
  },
];

/** Differences of error answers, and of behaviour, that the test shows case by case (the docs list them too). */
export const VERSION_BEHAVIOUR = {
  errorBody:
    'Errors: 0.33 adds `type: "UserError"` and the server\'s `stack` to the body; the current API sends `{ error }`.',
  hiddenMember:
    'A hidden member in an answer: 0.33 refuses with a 400; the current API\'s result formatter with a 500 whose message starts "Error: ".',
  ungrouped:
    "Ungrouped queries without the primary key: 0.33 refuses them; the current API allows them by default (the mock's `ungroupedNeedsPrimaryKey` fault refuses them as 0.33 does).",
  timezone: 'An unknown `timezone`: 0.33 takes it (and answers in UTC); the current API refuses it with a 400.',
  emptyOrder: '`order: []`: 0.33 sorts by its default order; the current API does not sort.',
} as const;
