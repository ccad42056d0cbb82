import { describe, expect, it } from 'vitest';
import { mergeModels } from '../../../../src/react/chat/suggest/data-model';
import { defaultSuggestionLabels, type SuggestionLabels } from '../../../../src/react/chat/suggest/labels';
import { starterQuestions } from '../../../../src/react/chat/suggest/starter-questions';
import type { MetaResponse } from '../../../../src/protocol';
import { mockMeta } from './fixtures';

const ask = (meta: MetaResponse, labels: SuggestionLabels = defaultSuggestionLabels) =>
  starterQuestions(mergeModels([meta]), labels);

const cube = (measures: object[], dimensions: object[], extra: object = {}) =>
  ({ name: 'c', title: 'C', measures, dimensions, ...extra }) as MetaResponse['cubes'][number];

describe('starterQuestions', () => {
  it("builds the mock model's four: a measure by its grouping dimension, over time, a top 10 of things, another measure", () => {
    expect(ask(mockMeta)).toEqual([
      'Revenue by region',
      'Revenue over time',
      'Top 10 customers by revenue',
      'Orders by country',
    ]);
  });

  it('offers only members a user may see: hidden, private, keys and links are left out', () => {
    const meta = {
      cubes: [
        cube(
          [
            { name: 'c.secret', title: 'Secret', type: 'number', isVisible: false },
            { name: 'c.internal', title: 'Internal', type: 'number', public: false },
            { name: 'c.sales', title: 'Sales', type: 'number', aggType: 'sum' },
          ],
          [
            { name: 'c.id', title: 'Id', type: 'string', primaryKey: true },
            { name: 'c.url', title: 'Url', type: 'string', format: 'link' },
            { name: 'c.channel', title: 'Channel', type: 'string' },
            { name: 'c.day', title: 'Day', type: 'time' },
          ],
        ),
      ],
    };
    expect(ask(meta)).toEqual(['Sales by channel', 'Sales over time']);
  });

  it('prefers a view to a cube, and gives nothing (the fallback list shows) when fewer than two fit', () => {
    const views = {
      cubes: [
        cube(
          [{ name: 'raw.n', title: 'Raw count', type: 'number' }],
          [{ name: 'raw.k', title: 'Kind', type: 'string' }],
        ),
        cube(
          [{ name: 'v.revenue', title: 'Revenue', type: 'number' }],
          [
            { name: 'v.city', title: 'City', type: 'string' },
            { name: 'v.at', title: 'At', type: 'time' },
          ],
          { name: 'v', type: 'view' },
        ),
      ],
    };
    expect(ask(views)).toEqual(['Revenue by city', 'Revenue over time']);
    expect(
      ask({
        cubes: [cube([{ name: 'c.n', title: 'N', type: 'number' }], [{ name: 'c.k', title: 'K', type: 'string' }])],
      }),
    ).toEqual([]);
    expect(ask({ cubes: [] })).toEqual([]);
    expect(ask({ cubes: [cube([], [{ name: 'c.k', title: 'K', type: 'string' }])] })).toEqual([]);
  });

  it('is localisable: the templates get the titles as the model gives them', () => {
    const german: SuggestionLabels = {
      ...defaultSuggestionLabels,
      suggestBy: (m, d) => `${m} nach ${d}`,
      suggestOverTime: (m) => `${m} im Zeitverlauf`,
      suggestTop: (n, d, m) => `Top ${n} ${d} nach ${m}`,
    };
    expect(ask(mockMeta, german)).toEqual([
      'Revenue nach Region',
      'Revenue im Zeitverlauf',
      'Top 10 Customer nach Revenue',
      'Orders nach Country',
    ]);
  });

  it('keeps hostile titles inert and short: markup stays text, 10,000 characters are cut, direction marks go', () => {
    const long = 'Ω'.repeat(10_000);
    const meta = {
      cubes: [
        cube(
          [{ name: 'c.x', title: '<img src=x onerror=alert(1)>', type: 'number' }],
          [
            { name: 'c.k', title: long, type: 'string' },
            { name: 'c.t', title: 'When\u202Edesrever', type: 'time' },
          ],
        ),
      ],
    };
    const [by, overTime] = ask(meta);
    expect(by).toMatch(/^<img src=x onerror=alert\(1\)> by Ω+…$/);
    expect(Array.from(by!.split(' by ')[1]!)).toHaveLength(60);
    expect(overTime).toBe('<img src=x onerror=alert(1)> over time');
    // Titles of the wrong type and names only: the name, as words.
    const odd = {
      cubes: [
        cube(
          [{ name: 'c.total_revenue', title: 42, type: 'number' }],
          [
            { name: 'c.salesChannel', type: 'string' },
            { name: 'c.createdAt', type: 'time' },
          ],
        ),
      ],
    };
    expect(ask(odd as unknown as MetaResponse)).toEqual(['Total revenue by sales channel', 'Total revenue over time']);
  });
});
