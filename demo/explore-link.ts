// The explorer's state in the demo's URL (`?explore=`), read by the page picker and the explorer.

/** The URL parameter the explorer's state lives in. */
export const EXPLORE_PARAM = 'explore';

/** The explorer's state in the current URL (undefined: none). */
export const exploreLink = (): string | undefined =>
  new URLSearchParams(window.location.search).get(EXPLORE_PARAM) || undefined;

/** The current URL with the explorer's state set (or taken out: undefined); other parameters kept. */
export function urlWithExplore(link: string | undefined): string {
  const url = new URL(window.location.href);
  if (link === undefined) url.searchParams.delete(EXPLORE_PARAM);
  else url.searchParams.set(EXPLORE_PARAM, link);
  return url.href;
}
