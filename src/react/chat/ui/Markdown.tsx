import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const plugins = [remarkGfm];

/** Links open in a new tab without the opener or a referrer; only http(s) and mailto survive. */
function Link({ href, children }: ComponentProps<'a'>) {
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
 * The agent's text as markdown (GFM tables, lists, code). Untrusted: raw HTML is never
 * rendered (it shows as text), images are dropped (nothing loads), and link URLs are limited
 * to http(s) and mailto.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="ek-markdown">
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
    </div>
  );
});
