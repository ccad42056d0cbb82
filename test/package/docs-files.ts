/**
 * The README and the guides in docs/ as the docs tests read them: their files, fenced code
 * blocks, headings (as GitHub makes anchors of them) and relative links.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('../..', import.meta.url));

/** README.md and every docs/*.md, as paths relative to the repository. */
export function docFiles(): string[] {
  const guides = readdirSync(`${repo}docs`)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`);
  return ['README.md', ...guides];
}

export const readDoc = (file: string) => readFileSync(`${repo}${file}`, 'utf8');

export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  code: string;
  /** The reason given by a `<!-- not type-checked: … -->` comment right above the block. */
  notChecked?: string;
}

/** Every fenced block (``` only, as the docs use), with the comment above it. */
export function codeBlocks(file: string, text = readDoc(file)): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w*)/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!.slice(indent));
    let above = start - 1;
    while (above >= 0 && lines[above]!.trim() === '') above--;
    const notChecked = /^<!-- not type-checked: (.+?) -->$/.exec(lines[above]?.trim() ?? '')?.[1];
    blocks.push({
      file,
      line: start + 1,
      language: open[2]!,
      code: body.join('\n') + '\n',
      ...(notChecked ? { notChecked } : {}),
    });
  }
  return blocks;
}

/** The text outside fenced blocks (headings and links inside code are not markdown). */
export function prose(text: string): string {
  return text.replace(/^(\s*)```[\s\S]*?^\1```\s*$/gm, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = match[1]!
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count ? `${base}-${count}` : base);
  }
  return result;
}

export interface Link {
  file: string;
  target: string;
}

/** Every markdown link whose target is not an absolute URL (`http:`, `https:`, `mailto:`). */
export function relativeLinks(file: string, text = readDoc(file)): Link[] {
  const withoutCode = prose(text).replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
    .map((target) => ({ file, target }));
}
