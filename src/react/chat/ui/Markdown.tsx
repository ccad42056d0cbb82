import { memo, useEffect, useState, type ComponentType } from 'react';

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

/** The parser once loaded; until then null, and the load is started. */
function useMarkdownRenderer(): BlockComponent | null {
  const [loaded, setLoaded] = useState<BlockComponent | null>(() => renderer);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadMarkdown().then(
      (block) => live && setLoaded(() => block),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

/** A block as plain text while the parser loads: same words, same paragraphs. */
function PlainBlock({ text }: { text: string }) {
  return <p className="ek-markdown__plain">{text}</p>;
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

/**
 * The agent's text as markdown (GFM tables, lists, code). Untrusted: raw HTML is never
 * rendered, images are dropped (nothing loads), and link URLs are limited to http(s) and
 * mailto. Rendered block by block, so streaming re-parses only the last block. The parser
 * loads lazily; until it has, blocks show as plain paragraphs.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const Block = useMarkdownRenderer() ?? PlainBlock;
  return (
    <div className="ek-markdown">
      {markdownBlocks(text).map((block, i) => (
        <Block key={i} text={block} />
      ))}
    </div>
  );
});
