/**
 * The script the engine runs add to the top of every page of the static Storybook (before
 * Storybook's own scripts), so every engine reports the same way, WebDriver classic included,
 * which has no init scripts or console events: the page's uncaught errors and unhandled
 * rejections, its `console.error` and `console.warn` calls, and Storybook's `storyFinished`
 * event (sent after the render, the play function and the accessibility check), all kept on
 * `window.__probe` for the driver to read.
 */

/** What a page's probe holds. */
export interface Probe {
  problems: string[];
  /** Storybook's `storyFinished` payload, reporters reduced to their type and status. */
  finished: null | {
    storyId: string;
    status: 'success' | 'error';
    reporters: { type: string; status: string; violations?: string[] }[];
  };
}

/** Runs in the page, stringified: everything it needs is inside. */
export function installProbe() {
  const probe: Probe = { problems: [], finished: null };
  Object.assign(window, { __probe: probe });
  const text = (value: unknown) =>
    value instanceof Error ? `${value.name}: ${value.message}` : typeof value === 'string' ? value : String(value);
  // console's own substitutions (%o, %s…), as the browsers print them, roughly.
  const format = (args: unknown[]) => {
    if (typeof args[0] !== 'string') return args.map(text).join(' ');
    let rest = args.slice(1);
    const head = args[0].replace(/%[osdifcO]/g, (spec) => {
      const [value, ...others] = rest;
      rest = others;
      return spec === '%c' ? '' : text(value);
    });
    return [head, ...rest.map(text)].join(' ');
  };
  for (const level of ['error', 'warn'] as const) {
    const original = console[level];
    console[level] = function (...args: unknown[]) {
      probe.problems.push(`console.${level === 'warn' ? 'warning' : level}: ${format(args)}`);
      return original.apply(this, args);
    };
  }
  window.addEventListener('error', (event) => {
    // The ResizeObserver notice is an error event with no error: the spec's report that some
    // size changes wait for the next frame, not a thrown exception (Chromium's driver, which
    // the Chromium run listens to, does not report it as a page error either).
    if (!event.error && /^ResizeObserver loop/.test(event.message)) return;
    probe.problems.push(`page error: ${text(event.error ?? event.message)}`);
  });
  window.addEventListener('unhandledrejection', (event) =>
    probe.problems.push(`page error: unhandled rejection: ${text(event.reason)}`),
  );
  type Finished = {
    storyId: string;
    status: 'success' | 'error';
    reporters: { type: string; status: string; result?: unknown }[];
  };
  let channel: { on(event: string, listener: (payload: Finished) => void): void } | undefined;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value: typeof channel) {
      channel = value;
      value?.on('storyFinished', (payload) => {
        probe.finished = {
          storyId: payload.storyId,
          status: payload.status,
          reporters: payload.reporters.map(({ type, status, result }) => ({
            type,
            status,
            // axe's violations by rule and node, when it reports any.
            violations: (
              (result as { violations?: { id: string; nodes: { target: unknown }[] }[] } | undefined)?.violations ?? []
            ).map((violation) => `${violation.id}: ${violation.nodes.map((node) => String(node.target)).join(', ')}`),
          })),
        };
      });
    },
  });
}

/** `installProbe` as the first script of an HTML page. */
export function withProbe(html: string): string {
  return html.replace(/<head>/i, `<head><script>(${installProbe.toString()})()</script>`);
}
