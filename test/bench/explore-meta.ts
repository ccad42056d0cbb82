/** A meta of `cubes` × 50 members (15 measures, 35 dimensions each) for the explorer's bench; `orders` first. */
import type { MetaResponse } from '../../src/protocol';

const WORDS = ['revenue', 'margin', 'country', 'region', 'channel', 'segment', 'status', 'plan', 'owner', 'source'];
const TYPES = ['string', 'string', 'string', 'number', 'time', 'boolean'] as const;

export function benchMeta(cubes = 40): MetaResponse {
  const names = ['orders', ...Array.from({ length: cubes - 1 }, (_, i) => `cube_${i + 1}`)];
  return {
    cubes: names.map((cube, c) => {
      const title = cube === 'orders' ? 'Orders' : `Business area ${c}`;
      const measures = Array.from({ length: 15 }, (_, i) => {
        const word = cube === 'orders' && i === 0 ? 'revenue' : `${WORDS[i % WORDS.length]} ${i}`;
        const short = word[0]!.toUpperCase() + word.slice(1);
        return {
          name: `${cube}.${word.replace(/ /g, '_')}`,
          title: `${title} ${short}`,
          shortTitle: short,
          type: 'number',
          description: `Sum of ${word} over the ${title.toLowerCase()} records, in euros`,
        };
      });
      const dimensions = Array.from({ length: 35 }, (_, i) => {
        const fixed = cube === 'orders' ? ['region', 'country', 'createdAt'][i] : undefined;
        const word = fixed ?? `${WORDS[(i + 3) % WORDS.length]} ${i}`;
        const short = word[0]!.toUpperCase() + word.slice(1);
        return {
          name: `${cube}.${word.replace(/ /g, '_')}`,
          title: `${title} ${short}`,
          shortTitle: short,
          type: fixed === 'createdAt' ? 'time' : fixed ? 'string' : TYPES[i % TYPES.length]!,
          description: i % 3 === 0 ? `The ${word} of each record, as the source system spells it` : undefined,
        };
      });
      return { name: cube, title, measures, dimensions };
    }),
  } as MetaResponse;
}
