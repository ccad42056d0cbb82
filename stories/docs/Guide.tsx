import { Markdown, Source } from '@storybook/addon-docs/blocks';
import type { AnchorHTMLAttributes, ComponentProps, MouseEvent, ReactElement, ReactNode } from 'react';

/** Each guide's Docs page (its `<Meta title>` under Guides/), by the file it shows. */
export const GUIDE_PAGES: Record<string, string> = {
  'README.md': 'Start here',
  'docs/embedding.md': 'Embedding',
  'docs/chat.md': 'Chat and conversations',
  'docs/charts-and-theming.md': 'Charts and theming',
  'docs/server-and-security.md': 'Server and security',
  'docs/native-analytics.md': 'Native analytics',
  'docs/protocol.md': 'Protocol',
  'docs/mock-and-testing.md': 'Mock and testing',
  'docs/troubleshooting.md': 'Troubleshooting',
  'docs/api-reference.md': 'API reference',
  'docs/development.md': 'Development',
};

/** Storybook's id of a docs page titled `Guides/<name>`. */
const pageId = (name: string) => `guides-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}--docs`;

/** GitHub's heading anchors, so a guide's `#links` work here as they do on GitHub. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A path relative to the repository, from a link in `file` (`../README.md` in docs/…). */
function resolve(file: string, target: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/**
 * A guide's link as it works in Storybook: to another guide, its Docs page; to a heading of
 * this one, that heading; to another file of the repository (an example, a script), its
 * path as text, since Storybook does not serve the repository.
 */
function GuideLink({ file, href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { file: string }) {
  if (/^[a-z][a-z+.-]*:/i.test(href)) {
    return (
      <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  const [path = '', anchor] = href.split('#');
  const target = path ? resolve(file, path) : file;
  const page = GUIDE_PAGES[target];
  if (target === file && anchor) {
    // Storybook's preview frame has `<base target="_parent">`: a plain `#anchor` would
    // navigate the whole window to the frame's URL. Scroll to the heading instead.
    const scroll = (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      event.currentTarget.ownerDocument.getElementById(anchor)?.scrollIntoView();
    };
    return (
      <a href={`#${anchor}`} target="_self" onClick={scroll}>
        {children}
      </a>
    );
  }
  if (page) {
    return (
      <a href={`./?path=/docs/${pageId(page)}`} target="_top">
        {children}
      </a>
    );
  }
  return (
    <span title={`${target} in the repository`}>
      {children} (<code>{target}</code>)
    </span>
  );
}

/** The docs' fence languages, as Storybook's highlighter names them. */
const LANGUAGES: Record<string, ComponentProps<typeof Source>['language']> = {
  ts: 'typescript',
  tsx: 'tsx',
  sh: 'bash',
  jsonc: 'json',
  css: 'css',
};

/** A fenced block, highlighted as Storybook highlights story source. */
function CodeBlock({ children }: { children?: ReactNode }) {
  const code = children as ReactElement<{ className?: string; children?: ReactNode }> | undefined;
  const language = /lang-(\w+)/.exec(code?.props.className ?? '')?.[1] ?? 'text';
  const text = String(code?.props.children ?? '');
  return <Source code={text.replace(/\n$/, '')} language={LANGUAGES[language] ?? 'text'} dark={false} />;
}

/** One guide of docs/ (or the README), rendered from its markdown as it is on GitHub. */
export function Guide({ file, children }: { file: string; children: string }) {
  return (
    <Markdown
      options={{
        slugify,
        overrides: {
          a: { component: GuideLink, props: { file } },
          pre: { component: CodeBlock },
        },
      }}
    >
      {children}
    </Markdown>
  );
}
