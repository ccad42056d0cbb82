import { useEffect, useState } from 'react';

/**
 * A lazily loaded module (or value): at once if `current()` already has it, else after
 * `load()` resolves; the error if it fails (a later mount tries again). Keep `load` stable.
 */
export function useLoaded<T>(current: () => T | undefined, load: () => Promise<T>): T | Error | undefined {
  const [value, setValue] = useState<T | Error | undefined>(current);
  useEffect(() => {
    if (value) return;
    let live = true;
    load().then(
      // A function setter: the value may itself be a function (a component).
      (loaded) => live && setValue(() => loaded),
      (error: unknown) => live && setValue(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [value, load]);
  return value;
}
