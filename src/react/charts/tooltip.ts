import type { View } from 'vega';
import type { Handler } from 'vega-tooltip';
import type { Theme } from '../theme/theme';

const escape = (value: unknown): string =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const text = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * The tooltip's markup, text only: every key and value is HTML-escaped and nothing else
 * (no images, no links, whatever the data holds). Values arrive already formatted.
 */
export function tooltipHtml(value: unknown, keyColor?: string): string {
  const keyStyle = keyColor ? ` style="color: ${escape(keyColor)}"` : '';
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return `<p class="ek-tooltip__value">${escape(text(value))}</p>`;
  }
  const { title, ...rest } = value as Record<string, unknown>;
  let html = title === undefined ? '' : `<h2 class="ek-tooltip__title">${escape(text(title))}</h2>`;
  const rows = Object.entries(rest)
    .map(
      ([key, v]) => `<tr><td class="key"${keyStyle}>${escape(key)}</td><td class="value">${escape(text(v))}</td></tr>`,
    )
    .join('');
  if (rows) html += `<table><tbody>${rows}</tbody></table>`;
  return html;
}

let next = 0;

/** A chart's tooltip: vega's handler, its view hook and its cleanup. */
export interface ThemedTooltip {
  call: Handler['call'];
  /**
   * Shows the tooltip as soon as the view has built it for the mark under the pointer.
   * Tooltips are encoded on hover (see `tooltipsOnHover`), after the pointer's first event
   * over a mark: without this, a pointer that stops right there would show none.
   */
  attach: (view: View) => void;
  dispose: () => void;
}

/**
 * A vega tooltip handler (vega-tooltip) in the theme's colours and font, one element per
 * chart. Returns the handler and a cleanup that removes its element.
 */
export function themedTooltip(HandlerClass: typeof Handler, theme: Theme): ThemedTooltip {
  const id = `ek-tooltip-${++next}`;
  // Made on the first tooltip, not with the chart: vega-tooltip adds its element to the page
  // when made, and most charts are never hovered.
  let handler: Handler | undefined;
  const make = () =>
    new HandlerClass({
      id,
      // Styled by the library's stylesheet (.ek-tooltip), not by a <style> element injected per
      // chart: that needs CSP style-src 'unsafe-inline' and re-styles the whole page each time.
      disableDefaultStyle: true,
      theme: 'ek',
      offsetX: 12,
      offsetY: 12,
      formatTooltip: (value: unknown) => tooltipHtml(value, theme.colors.muted),
    });
  const call: Handler['call'] = (...args) => {
    const result = (handler ??= make()).call(...args);
    const el = document.getElementById(id);
    if (el && !el.dataset.themed) {
      el.dataset.themed = 'true';
      el.classList.add('ek-tooltip');
      el.setAttribute('role', 'tooltip');
      const { colors, fonts } = theme;
      Object.assign(el.style, {
        backgroundColor: colors.surface,
        color: colors.text,
        border: `1px solid ${colors.border}`,
        fontFamily: fonts.body,
        borderRadius: `${Math.min(theme.radius, 8)}px`,
        boxShadow: theme.colorScheme === 'dark' ? '0 4px 12px rgb(0 0 0 / 0.5)' : '0 4px 12px rgb(15 23 42 / 0.12)',
      });
    }
    return result;
  };
  const attach = (view: View) => {
    let hovered: unknown = null;
    view.addEventListener('pointerover', (event, item) => {
      hovered = item;
      void view.runAsync().then(() => {
        const value = (item as { tooltip?: unknown } | null)?.tooltip;
        if (hovered === item && value != null) call(view as never, event as MouseEvent, item as never, value);
      });
    });
    view.addEventListener('pointerout', () => {
      hovered = null;
    });
  };
  const dispose = () => {
    document.getElementById(id)?.remove();
  };
  return { call, attach, dispose };
}
