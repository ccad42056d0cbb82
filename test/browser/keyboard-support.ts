import axe from 'axe-core';
import { expect } from 'vitest';
import type { SemanticQuery } from '../../src/protocol';

// What the keyboard-and-screen-reader suites share (keyboard-*.browser.test.tsx): where focus
// is, in words; axe; whether a focus ring is cut off by a box that clips; the queries sent.

/** The focused element in words, for a failure's message: its tag, role and name. */
export function focused(): string {
  const at = document.activeElement;
  if (!at || at === document.body) return 'the page body';
  const name =
    at.getAttribute('aria-label') ??
    ((at as HTMLInputElement).labels?.[0]?.textContent
      ? `${(at as HTMLInputElement).labels![0]!.textContent} = ${(at as HTMLInputElement).value}`
      : null) ??
    (at.getAttribute('aria-labelledby') &&
      at
        .getAttribute('aria-labelledby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')) ??
    at.textContent?.trim().slice(0, 60);
  return `${at.tagName.toLowerCase()}${at.getAttribute('role') ? `[role=${at.getAttribute('role')}]` : ''} "${name}"`;
}

/** Fails unless focus is on `element` (never the page's body), naming where it is instead. */
export function expectFocusOn(element: Element | null | undefined, step: string) {
  expect(document.activeElement, `${step}: focus is on ${focused()}`).not.toBe(document.body);
  expect(document.activeElement === element, `${step}: focus is on ${focused()}`).toBe(true);
}

/** Focus is somewhere inside `box` (and not the page's body). */
export function expectFocusIn(box: Element | null | undefined, step: string) {
  expect(document.activeElement, `${step}: focus is on ${focused()}`).not.toBe(document.body);
  expect(Boolean(box?.contains(document.activeElement)), `${step}: focus is on ${focused()}`).toBe(true);
}

/** axe's violations in `root`, as "rule: count" (an empty list when clean). */
export async function axeViolations(root: Element): Promise<string[]> {
  const results = await axe.run(root, { resultTypes: ['violations'] });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Where the focused element's focus ring is cut off, or why it has none: the ring (its
 * outline, or the outline of the label around it that shows focus within) must lie inside
 * every ancestor that clips what overflows it. Empty when the ring shows whole.
 */
export function ringProblems(element: Element = document.activeElement!): string[] {
  // The element's own ring, else that of an ancestor showing focus within (a checkbox's label).
  let ring: Element | null = element;
  for (let depth = 0; ring && depth < 3; depth++, ring = ring.parentElement) {
    const style = getComputedStyle(ring);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) break;
  }
  if (!ring) return [`${describe(element)} shows no focus ring`];
  const style = getComputedStyle(ring);
  const grow = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const box = ring.getBoundingClientRect();
  const outer = { left: box.left - grow, right: box.right + grow, top: box.top - grow, bottom: box.bottom + grow };
  const problems: string[] = [];
  for (let at = ring.parentElement; at; at = at.parentElement) {
    const clip = getComputedStyle(at);
    if (clip.overflowX === 'visible' && clip.overflowY === 'visible') continue;
    const r = at.getBoundingClientRect();
    const inner = {
      left: r.left + at.clientLeft,
      top: r.top + at.clientTop,
      right: r.left + at.clientLeft + at.clientWidth,
      bottom: r.top + at.clientTop + at.clientHeight,
    };
    // Half a pixel for rounding.
    const cut = [
      clip.overflowX !== 'visible' && outer.left < inner.left - 0.5 && 'left',
      clip.overflowX !== 'visible' && outer.right > inner.right + 0.5 && 'right',
      clip.overflowY !== 'visible' && outer.top < inner.top - 0.5 && 'top',
      clip.overflowY !== 'visible' && outer.bottom > inner.bottom + 0.5 && 'bottom',
    ].filter(Boolean);
    // A ring scrolled partly out of a scrolling box is not cut: scrolling shows it.
    const scrolls = (clip.overflowY === 'auto' || clip.overflowY === 'scroll') && at.scrollHeight > at.clientHeight;
    const kept = scrolls ? cut.filter((side) => side === 'left' || side === 'right') : cut;
    if (kept.length) problems.push(`${describe(element)}: ring cut on the ${kept.join(', ')} by ${describe(at)}`);
  }
  return problems;
}

const describe = (element: Element) => {
  const name = element.getAttribute('aria-label') ?? (element.children.length ? '' : element.textContent?.trim());
  return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${name ? ` "${name.slice(0, 40)}"` : ''}`;
};

/** A fetch that records every `/load` query sent (GET `?query=` or a POST body). */
export function recordingFetch(next: typeof fetch = fetch) {
  const sent: SemanticQuery[] = [];
  const own: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/cubejs-api\/v1\/load/.test(url)) {
      const param = new URL(url, location.href).searchParams.get('query');
      const body =
        param ?? (typeof init?.body === 'string' ? (JSON.parse(init.body) as { query: unknown }).query : undefined);
      if (body) sent.push((typeof body === 'string' ? JSON.parse(body) : body) as SemanticQuery);
    }
    return next(input, init);
  };
  return { sent, fetch: own };
}

/** Every text a live region showed, in order (each change once). */
export function liveLog(region: Element): { said: string[]; stop: () => void } {
  const said: string[] = [];
  const observer = new MutationObserver(() => {
    const text = region.textContent?.replace(/\u00a0$/, '') ?? '';
    if (text) said.push(text);
  });
  observer.observe(region, { childList: true, characterData: true, subtree: true });
  return { said, stop: () => observer.disconnect() };
}
