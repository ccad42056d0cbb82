// An answer read in the worker goes back to the page in parts: a first message with as much of
// it as a message holds, then the rest of each list, a message's worth at a time. The page
// deserializes each message in a task of its own, so even 50,000 rows or a data model of
// 100,000 members never hold its main thread for long.

/** Values (objects, lists, strings, numbers…) per message: a few milliseconds of deserializing. */
export const VALUES_PER_PART = 4_000;

/** Where a list sits in the answer: the keys and indexes from its root. */
export type PartPath = (string | number)[];

/** One message of an answer in parts, after the first: items to append to the list at `path`. */
export interface AnswerPart {
  path: PartPath;
  items: unknown[];
}

interface Pending {
  path: PartPath;
  items: unknown[];
  /** The index, in its list, of `items[0]`. */
  offset: number;
}

/**
 * Sends `value` with `post`: first the value with each list cut where the message is full
 * (lists are the worker's own, cut in place), then what was cut, list by list, a message's
 * worth at a time; a list inside an item is sent after the item, so its path is there.
 */
export function sendInParts(value: unknown, post: (message: { head: unknown } | AnswerPart) => void): void {
  const queue: Pending[] = [];
  let count = 0;
  const items = (list: unknown[], path: PartPath, offset: number) => {
    for (let i = 0; i < list.length; i++) {
      if (count >= VALUES_PER_PART) {
        queue.push({ path, items: list.slice(i), offset: offset + i });
        list.length = i;
        return;
      }
      walk(list[i], path, offset + i);
    }
  };
  const walk = (item: unknown, parent: PartPath, key: string | number) => {
    count++;
    if (typeof item !== 'object' || item === null) return;
    const path = [...parent, key];
    if (Array.isArray(item)) return items(item, path, 0);
    for (const name of Object.keys(item)) walk((item as Record<string, unknown>)[name], path, name);
  };
  if (Array.isArray(value)) items(value, [], 0);
  else if (typeof value === 'object' && value !== null)
    for (const name of Object.keys(value)) walk((value as Record<string, unknown>)[name], [], name);
  post({ head: value });
  for (let q = 0; q < queue.length; q++) {
    const { path, items: rest, offset } = queue[q]!;
    count = 0;
    items(rest, path, offset);
    post({ path, items: rest });
  }
}

/**
 * Puts an answer back together from its head and parts, in the order they were sent.
 * Throws on a part whose path does not lead to a list (a worker that is not ours).
 */
export class PartsAssembler {
  constructor(readonly value: unknown) {}

  add(part: AnswerPart): void {
    let target: unknown = this.value;
    for (const key of part.path) {
      if (typeof target !== 'object' || target === null || !Object.hasOwn(target, key))
        throw new Error('an answer part does not fit its answer');
      target = (target as Record<string | number, unknown>)[key];
    }
    if (!Array.isArray(target) || !Array.isArray(part.items)) throw new Error('an answer part does not fit its answer');
    for (const item of part.items) target.push(item);
  }
}
