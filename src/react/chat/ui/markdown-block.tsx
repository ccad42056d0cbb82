import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const plugins = [remarkGfm];

/** Links open in a new tab without the opener or a referrer; a refused URL leaves plain text. */
function Link({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

const components = { a: Link };

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^(https?:|mailto:)/i.test(cleaned) ? cleaned : '';
}

/**
 * One markdown block, parsed with react-markdown + GFM. Loaded lazily by `Markdown`: raw
 * HTML is skipped, images dropped (nothing loads), links limited to http(s) and mailto.
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={plugins}
      components={components}
      skipHtml
      disallowedElements={['img']}
      unwrapDisallowed
      urlTransform={safeUrl}
    >
      {text}
    </ReactMarkdown>
  );
});
