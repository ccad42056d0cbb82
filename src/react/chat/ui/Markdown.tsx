import { memo, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useLoaded } from '../../internal/use-loaded';
import { cutAt, MoreText, PlainText } from './MoreText';

type BlockComponent = ComponentType<{ text: string }>;

let renderer: BlockComponent | null = null;
let loading: Promise<BlockComponent> | null = null;

/**
 * Loads the markdown parser (react-markdown + GFM, about 50 KB gzip) once, on first use, so
 * a host that only embeds dashboards never downloads it. A failed load can be retried.
 */
export function loadMarkdown(): Promise<BlockComponent> {
  loading ??= import('./markdown-block').then(
    (module) => (renderer = module.MarkdownBlock),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts loading the markdown parser (AgentChat does this as it mounts). */
export function preloadMarkdown(): void {
  loadMarkdown().catch(() => {
    // The text stays readable as plain paragraphs; the next render tries again.
  });
}

/** The parser once loaded; until then (or if it failed) undefined, and the load is started. */
function useMarkdownRenderer(): BlockComponent | undefined {
  const loaded = useLoaded(() => renderer ?? undefined, loadMarkdown);
  return loaded instanceof Error ? undefined : loaded;
}

/** A block as plain text while the parser loads (or until its turn comes): same words, same paragraphs. */
const PlainBlock = memo(function PlainBlock({ text }: { text: string }) {
  return <PlainText text={text} className="ek-markdown__plain" />;
});

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

/** Characters of a message rendered as markdown; the rest shows as plain text behind "Show all". */
export const MARKDOWN_LIMIT = 40_000;
/** Blocks are parsed in groups of about this many characters, one group per task. */
const CHUNK = 2_000;

/**
 * Groups consecutive blocks into chunks of at least {@link CHUNK} characters (a thousand
 * one-line paragraphs are a few parses, not a thousand). Earlier chunks never change as the
 * text grows: while an answer streams, only its last chunk is parsed again.
 */
export function markdownChunks(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const block of markdownBlocks(text)) {
    current = current ? `${current}\n\n${block}` : block;
    if (current.length >= CHUNK) {
      chunks.push(current);
      current = '';
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/**
 * The agent's text as markdown (GFM tables, lists, code). Untrusted: raw HTML is never
 * rendered, images show as their alt text (nothing loads), link URLs are limited to http(s)
 * and mailto and show their real host when their text names another. Bounded work whatever
 * the text: the first {@link MARKDOWN_LIMIT} characters are parsed, a chunk of about 2,000
 * characters per task (the rest of them plain text until their turn), a chunk beyond the
 * parser's caps (nesting, delimiter runs, table columns, size) stays plain text, and the
 * rest of a longer text is behind "Show all". Streaming re-parses only the last chunk. The
 * parser loads lazily; until it has, chunks show as plain paragraphs.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const Block = useMarkdownRenderer() ?? PlainBlock;
  const head = cutAt(text, MARKDOWN_LIMIT);
  const chunks = useMemo(() => markdownChunks(text.slice(0, head)), [text, head]);
  // The first chunk is parsed at once, the others one per task: no long task however many.
  const [parsed, setParsed] = useState(1);
  // The last chunk (always under CHUNK) joins the render that parses the one before it: while
  // an answer streams, a chunk that starts is parsed with the frame's update, not a commit later.
  if (Block !== PlainBlock && parsed === chunks.length - 1) setParsed(chunks.length);
  useEffect(() => {
    if (parsed >= chunks.length || Block === PlainBlock) return;
    const timer = setTimeout(() => setParsed(parsed + 1), 0);
    return () => clearTimeout(timer);
  }, [parsed, chunks.length, Block]);
  return (
    <div className="ek-markdown">
      {chunks.map((chunk, i) => (i < parsed ? <Block key={i} text={chunk} /> : <PlainBlock key={i} text={chunk} />))}
      <MoreText text={text} at={head} />
    </div>
  );
});
