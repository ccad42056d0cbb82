import { Children, isValidElement, memo, type ComponentProps, type ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { PlainText } from './MoreText';

const plugins = [remarkGfm];

// What one chunk may hold to be parsed: the parser's cost grows faster than the text with
// nesting (a 1,500-deep list), unmatched delimiters (40k `*a `), link and image openers
// (`[a](b ` ×20,000) and table columns. Beyond a cap, the chunk shows as plain text.
/** Characters of one chunk (a chunk is one block when a block is longer than a chunk). */
const MAX_CHARS = 8_000;
/** Lines of one chunk (each heading, list item or table row is an element or more). */
const MAX_LINES = 400;
/** Containers opening one line: `>`, list markers, two-space indents. */
const MAX_DEPTH = 16;
/** Emphasis and strikethrough delimiters (`*`, `_`, `~`) outside code. */
const MAX_EMPHASIS = 400;
/** Brackets, code spans and angle brackets (`[`, `]`, `` ` ``, `<`) outside code fences. */
const MAX_OPENERS = 300;
/** Entities and escapes (`&`, `\`). */
const MAX_ESCAPES = 500;
/** Cells in one table row. */
const MAX_COLUMNS = 64;

/** Whether a chunk is beyond what the parser is given (one pass, linear in its length). */
export function beyondParserCaps(text: string): boolean {
  if (text.length > MAX_CHARS) return true;
  let lines = 0;
  let emphasis = 0;
  let openers = 0;
  let escapes = 0;
  let fence = false;
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (++lines > MAX_LINES) return true;
    // The line's containers: indents, quote markers, list markers.
    let depth = 0;
    let i = start;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === 32 && text.charCodeAt(i + 1) === 32) {
        depth++;
        i++;
      } else if (c === 62 /* > */) depth++;
      else if ((c === 45 || c === 42 || c === 43) /* - * + */ && text.charCodeAt(i + 1) === 32) depth++;
      else if (c !== 32 && c !== 9) break;
    }
    if (depth > MAX_DEPTH) return true;
    if (text.startsWith('```', i) || text.startsWith('~~~', i)) fence = !fence;
    else if (!fence) {
      let pipes = 0;
      for (; i < end; i++) {
        switch (text.charCodeAt(i)) {
          case 42: // *
          case 95: // _
          case 126: // ~
            emphasis++;
            break;
          case 91: // [
          case 93: // ]
          case 96: // `
          case 60: // <
            openers++;
            break;
          case 38: // &
          case 92: // \
            escapes++;
            break;
          case 124: // |
            pipes++;
        }
      }
      if (emphasis > MAX_EMPHASIS || openers > MAX_OPENERS || escapes > MAX_ESCAPES || pipes > MAX_COLUMNS + 1)
        return true;
    }
    start = end + 1;
  }
  return false;
}

/** The text of rendered children (a link's visible words). */
function textOf(children: ReactNode): string {
  let out = '';
  Children.forEach(children, (child) => {
    if (typeof child === 'string' || typeof child === 'number') out += child;
    else if (isValidElement<{ children?: ReactNode }>(child)) out += textOf(child.props.children);
  });
  return out;
}

/** The host (or e-mail address) a link's text names, if it reads as an address at all. */
function namedDestination(text: string): string | undefined {
  const t = text.trim().toLowerCase();
  const email = /^(?:mailto:)?([^\s@/]+@[^\s@/]+\.[a-z]{2,})$/.exec(t);
  if (email) return email[1];
  const host = /^(?:[a-z][a-z0-9+.-]*:\/\/)?((?:www\.)?[^\s/?#:@]+\.[a-z\u00a1-\uffff]{2,})(?::\d+)?(?:[/?#]|$)/i.exec(
    t,
  );
  return host?.[1];
}

/** The real destination: the URL's host (punycode for look-alike letters), or the e-mail address. */
function realDestination(href: string): string {
  if (href.toLowerCase().startsWith('mailto:')) return decodeURIComponent(href.slice(7).split('?')[0]!).toLowerCase();
  return new URL(href).host;
}

/**
 * Links open in a new tab without the opener or a referrer (and as `nofollow`); a refused
 * URL leaves plain text. A link whose text names another address than its own (the text
 * `https://bank.example` on a link to `evil.test`) shows its real host after the text; the
 * markdown title is replaced by the full URL.
 */
function Link({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  const named = namedDestination(textOf(children));
  let real: string | undefined;
  try {
    real = realDestination(href);
  } catch {
    return <span>{children}</span>;
  }
  const link = (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" title={href}>
      {children}
    </a>
  );
  if (named === undefined || named === real || named === `www.${real}` || `www.${named}` === real) return link;
  return (
    <span className="ek-markdown__link">
      {link} <span className="ek-markdown__host">({real})</span>
    </span>
  );
}

/** Images never load: their alt text shows instead. */
function Image({ alt }: ComponentProps<'img'>) {
  return alt ? <span className="ek-markdown__image">{alt}</span> : null;
}

const components = { a: Link, img: Image };

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^(https?:|mailto:)/i.test(cleaned) ? cleaned : '';
}

/**
 * One chunk of markdown, parsed with react-markdown + GFM. Loaded lazily by `Markdown`: raw
 * HTML is skipped, images show as their alt text (nothing loads), links are limited to
 * http(s) and mailto. A chunk beyond the parser's caps is plain text.
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  if (beyondParserCaps(text)) return <PlainText text={text} className="ek-markdown__plain" />;
  return (
    <ReactMarkdown remarkPlugins={plugins} components={components} skipHtml urlTransform={safeUrl}>
      {text}
    </ReactMarkdown>
  );
});
