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
 * Splits markdown into top-level blocks at blank lines outside code fences. While an answer
 * streams, only its last block changes, so only that block is parsed again.
 */
export function markdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    if (fence === null && line.trim() === '' && current.length > 0) {
      blocks.push(current.join('\n'));
      current = [];
    } else if (line.trim() !== '' || fence !== null) {
      current.push(line);
    }
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}

const Block = memo(function Block({ text }: { text: string }) {
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

/**
 * The agent's text as markdown (GFM tables, lists, code). Untrusted: raw HTML is never
 * rendered, images are dropped (nothing loads), and link URLs are limited to http(s) and
 * mailto. Rendered block by block, so streaming re-parses only the last block.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="ek-markdown">
      {markdownBlocks(text).map((block, i) => (
        <Block key={i} text={block} />
      ))}
    </div>
  );
});
