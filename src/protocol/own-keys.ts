// Wire data becomes object keys (message fields, column names, payload types). JSON.parse
// makes `__proto__` an ordinary own key, but assigning it (`target[key] = value`) sets the
// target's prototype instead, and a lookup of `constructor` or `toString` on a plain object
// finds Object.prototype's. These helpers keep wire keys to own properties.

/** Keys that reach an object's prototype machinery: never copied from wire data. */
export const isPrototypeKey = (key: string): boolean =>
  key === '__proto__' || key === 'constructor' || key === 'prototype';

/** `object[key]` as an own property only: never one inherited from a prototype. */
export const ownValue = (object: object, key: string): unknown =>
  Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;

/** Sets `key` as an own data property, `__proto__` included (assigning it would set the prototype). */
export function setOwn(object: object, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else (object as Record<string, unknown>)[key] = value;
}

/** `object` without own `__proto__`, `constructor` or `prototype` keys: itself when it has none. */
export function withoutPrototypeKeys<T extends object>(object: T): T {
  if (
    !Object.hasOwn(object, '__proto__') &&
    !Object.hasOwn(object, 'constructor') &&
    !Object.hasOwn(object, 'prototype')
  )
    return object;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(object)) if (!isPrototypeKey(key)) copy[key] = (object as Record<string, unknown>)[key];
  return copy as T;
}
