import type { BoardDefinition } from '../../src/react/boards';

// Board definitions the stories and browser tests draw on the mock's data (orders by
// region, category, country; its "now" is 2024-12-31).

/** A sales board: four KPIs, three charts, a table and a note, laid out on the 12-column grid. */
export function salesBoard(title = 'Sales overview'): BoardDefinition {
  return {
    version: 2,
    title,
    widgets: [
      { id: 'revenue', kind: 'kpi', measure: 'orders.revenue', sparkline: true, layout: { x: 0, y: 0, w: 3, h: 2 } },
      { id: 'orders', kind: 'kpi', measure: 'orders.count', sparkline: true, layout: { x: 3, y: 0, w: 3, h: 2 } },
      { id: 'aov', kind: 'kpi', measure: 'orders.averageOrderValue', layout: { x: 6, y: 0, w: 3, h: 2 } },
      {
        id: 'software',
        kind: 'kpi',
        title: 'Software revenue',
        measure: 'orders.revenue',
        filters: [{ member: 'orders.category', operator: 'equals', values: ['Software'] }],
        layout: { x: 9, y: 0, w: 3, h: 2 },
      },
      {
        id: 'weekly',
        kind: 'chart',
        query: {
          measures: ['orders.revenue'],
          timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'week' }],
        },
        layout: { x: 0, y: 2, w: 8, h: 4 },
      },
      {
        id: 'note',
        kind: 'text',
        title: 'Read me',
        text: 'Revenue is net of refunds.\nThe quarter closes on the last Friday.',
        layout: { x: 8, y: 2, w: 4, h: 2 },
      },
      {
        id: 'regions',
        kind: 'chart',
        query: { measures: ['orders.revenue'], dimensions: ['orders.region'] },
        layout: { x: 8, y: 4, w: 4, h: 4 },
      },
      {
        id: 'countries',
        kind: 'table',
        query: { measures: ['orders.revenue', 'orders.count'], dimensions: ['orders.country'] },
        layout: { x: 0, y: 6, w: 8, h: 4 },
      },
    ],
  };
}

/** A small board of notes (no data): the keyboard stories and tests move these. */
export function notesBoard(title = 'Planning'): BoardDefinition {
  return {
    version: 2,
    title,
    widgets: [
      { id: 'goals', kind: 'text', title: 'Goals', text: 'Grow Europe by 10%.', layout: { x: 0, y: 0, w: 4, h: 2 } },
      { id: 'risks', kind: 'text', title: 'Risks', text: 'Supply in Q1.', layout: { x: 4, y: 0, w: 4, h: 2 } },
      {
        id: 'revenue',
        kind: 'kpi',
        measure: 'orders.revenue',
        layout: { x: 8, y: 0, w: 4, h: 2 },
      },
      {
        id: 'owners',
        kind: 'text',
        title: 'Owners',
        text: 'Erin (sales), Elias (Europe).',
        layout: { x: 0, y: 2, w: 12, h: 2 },
      },
    ],
  };
}

/**
 * A board saved with holes and an overlap (by hand, or before boards compacted): shown
 * compacted, each widget as high as the widgets above it allow.
 */
export function holedBoard(): BoardDefinition {
  return {
    version: 2,
    title: 'Saved with holes',
    widgets: [
      { id: 'goals', kind: 'text', title: 'Goals', text: 'Grow Europe by 10%.', layout: { x: 0, y: 3, w: 4, h: 2 } },
      { id: 'risks', kind: 'text', title: 'Risks', text: 'Supply in Q1.', layout: { x: 4, y: 0, w: 4, h: 2 } },
      { id: 'owners', kind: 'text', title: 'Owners', text: 'Erin, Elias.', layout: { x: 0, y: 9, w: 12, h: 2 } },
      { id: 'dates', kind: 'text', title: 'Dates', text: 'Close on Friday.', layout: { x: 2, y: 4, w: 4, h: 2 } },
    ],
  };
}

/** A board saved by a newer version: a widget kind this one does not know, kept as it came. */
export function futureBoard(): unknown {
  return {
    version: 2,
    title: 'From a newer version',
    widgets: [
      { id: 'revenue', kind: 'kpi', measure: 'orders.revenue', layout: { x: 0, y: 0, w: 4, h: 2 } },
      {
        id: 'map',
        kind: 'geo-map',
        title: 'Revenue by country (map)',
        layout: { x: 4, y: 0, w: 8, h: 4 },
        projection: 'equalEarth',
        query: { measures: ['orders.revenue'], dimensions: ['orders.country'] },
      },
      { id: 'note', kind: 'text', text: 'The map needs a newer version.', layout: { x: 0, y: 2, w: 4, h: 2 } },
    ],
  };
}

/** A definition with two bad widgets (a place off the grid, a KPI without its measure) among good ones. */
export function badBoard(): unknown {
  return {
    version: 2,
    title: 'Partly broken',
    widgets: [
      { id: 'revenue', kind: 'kpi', measure: 'orders.revenue', layout: { x: 0, y: 0, w: 6, h: 2 } },
      { id: 'wide', kind: 'text', text: 'Too wide', layout: { x: 8, y: 0, w: 6, h: 2 } },
      { id: 'count', kind: 'kpi', layout: { x: 6, y: 0, w: 6, h: 2 } },
      { id: 'note', kind: 'text', text: 'Still here.', layout: { x: 0, y: 2, w: 12, h: 2 } },
    ],
  };
}

/** A pinned chat answer beside a KPI (`sqlQuery`: another SQL, e.g. one the mock refuses). */
export function answerBoard(sqlQuery?: string): BoardDefinition {
  return {
    version: 2,
    title: 'Pinned from the chat',
    widgets: [
      { id: 'revenue', kind: 'kpi', measure: 'orders.revenue', layout: { x: 0, y: 0, w: 4, h: 2 } },
      {
        id: 'answer',
        kind: 'answer',
        title: 'Revenue by country, last quarter',
        question: 'What was revenue by country last quarter?',
        sqlQuery:
          sqlQuery ??
          "SELECT country, SUM(revenue) AS revenue FROM orders WHERE month >= '2024-10' AND month <= '2024-12' GROUP BY country ORDER BY revenue DESC",
        view: 'table',
        layout: { x: 4, y: 0, w: 8, h: 4 },
      },
    ],
  };
}

/**
 * Two pinned answers whose SQL is one grouped query over the `orders` cube (the mock agent's
 * shape): drawn from the data model, so the page's and the board's filters reach them.
 */
export function followingAnswerBoard(): BoardDefinition {
  return {
    version: 2,
    title: 'Pinned answers that follow the filters',
    widgets: [
      {
        id: 'countries',
        kind: 'answer',
        title: 'Revenue by country',
        question: 'What is revenue by country?',
        sqlQuery: 'SELECT country, SUM(revenue) AS revenue FROM orders GROUP BY country ORDER BY revenue DESC',
        view: 'table',
        layout: { x: 0, y: 0, w: 6, h: 5 },
      },
      {
        id: 'regions',
        kind: 'answer',
        title: 'Revenue by region',
        question: 'What is revenue by region?',
        sqlQuery: 'SELECT region, SUM(revenue) AS revenue FROM orders GROUP BY region ORDER BY revenue DESC LIMIT 10',
        view: 'chart',
        vegaSpec: JSON.stringify({
          mark: 'bar',
          encoding: {
            x: { field: 'region', type: 'nominal', sort: '-y' },
            y: { field: 'revenue', type: 'quantitative' },
          },
        }),
        layout: { x: 6, y: 0, w: 6, h: 5 },
      },
    ],
  };
}
