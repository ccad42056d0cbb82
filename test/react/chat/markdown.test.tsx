import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src';
import { loadMarkdown, MARKDOWN_LIMIT, markdownBlocks, markdownChunks } from '../../../src/react/chat/ui/Markdown';
import { beyondParserCaps } from '../../../src/react/chat/ui/markdown-block';

describe('markdownBlocks', () => {
  it('splits at blank lines, but not inside code fences', () => {
    const text =
      'Intro **bold**\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```sql\nSELECT 1\n\nFROM t\n```\n\n\n- one\n- two';
    expect(markdownBlocks(text)).toEqual([
      'Intro **bold**',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '```sql\nSELECT 1\n\nFROM t\n```',
      '- one\n- two',
    ]);
    expect(markdownBlocks('')).toEqual([]);
  });

  it('shows plain text while the parser loads, then tables, code and lists', async () => {
    const text = '| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nx\n\ny\n```\n\n1. one\n2. two';
    const { container } = render(<Markdown text={text} />);
    // The parser is a lazy chunk: until it arrives the same words show as plain text.
    const plain = container.querySelectorAll('.ek-markdown__plain');
    expect(plain).toHaveLength(1);
    expect(plain[0]!.textContent).toBe(text);
    await waitFor(() => expect(container.querySelector('table td')).toHaveTextContent('1'));
    expect(container.querySelector('.ek-markdown__plain')).toBeNull();
    expect(container.querySelector('pre code')!.textContent).toBe('x\n\ny\n');
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
  });
});

describe('Markdown bounds its work (issue 17, point 4)', () => {
  it('groups blocks into chunks that do not change as the text grows', () => {
    const paragraphs = Array.from({ length: 300 }, (_, i) => `Paragraph ${i} with some words in it.`);
    const chunks = markdownChunks(paragraphs.join('\n\n'));
    expect(chunks.length).toBeLessThan(10);
    expect(chunks.join('\n\n')).toBe(paragraphs.join('\n\n'));
    const grown = markdownChunks(paragraphs.join('\n\n') + '\n\nOne more.');
    expect(grown.slice(0, -1)).toEqual(chunks.slice(0, -1));
  });

  it.each([
    ['a 1,500-deep nested list', Array.from({ length: 1500 }, (_, i) => ' '.repeat(i * 2) + '- x').join('\n')],
    ['list markers on one line', '- '.repeat(100) + 'x'],
    ['a 1,500-deep quote', '>'.repeat(1500) + ' x'],
    ['40k emphasis openers', '*a '.repeat(4000)],
    ['link openers', '[a](b '.repeat(400)],
    ['brackets', '[…]'.repeat(400)],
    ['a 2,000-column table', '|' + 'a|'.repeat(2000) + '\n|' + '-|'.repeat(2000)],
    ['entities', '&amp;'.repeat(600)],
    ['a huge block', 'word '.repeat(3000)],
    ['thousands of lines', '# h\n'.repeat(1000)],
  ])('leaves %s to plain text', (_name, text) => {
    expect(beyondParserCaps(text)).toBe(true);
  });

  it('parses what answers hold: tables, lists, emphasis, code with stars', () => {
    const answer = [
      '## Revenue',
      '**Total** revenue grew _12%_ in [Q3](https://example.test/q3).',
      '| region | revenue |\n|---|---|\n' + '| North | 1 |\n'.repeat(50),
      '- one\n  - nested\n    - deeper',
      '```sql\n' + 'SELECT * FROM t -- ****\n'.repeat(100) + '```',
    ].join('\n\n');
    for (const chunk of markdownChunks(answer)) expect(beyondParserCaps(chunk)).toBe(false);
  });

  it('renders a capped chunk as its plain text', async () => {
    await loadMarkdown();
    const text = 'Intro *really* first.\n\n' + '*a '.repeat(4000);
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('.ek-markdown__plain')!.textContent).toBe(text);
    expect(container.querySelector('em')).toBeNull();
  });

  it('streams past a chunk boundary without a commit of plain text: the new chunk parses in the same render', async () => {
    await loadMarkdown();
    const paragraph = 'Revenue grew **fast** this quarter, mostly in Europe.\n\n';
    const head = paragraph.repeat(Math.ceil(2_000 / paragraph.length));
    let commits = 0;
    const count = () => void commits++;
    const view = render(
      <Profiler id="md" onRender={count}>
        <Markdown text={head} />
      </Profiler>,
    );
    await waitFor(() => expect(view.container.querySelector('.ek-markdown__plain')).toBeNull());
    commits = 0;
    // A delta starts a new chunk: it shows as markdown at once, in one commit.
    view.rerender(
      <Profiler id="md" onRender={count}>
        <Markdown text={`${head}And **Asia** next.`} />
      </Profiler>,
    );
    expect(markdownChunks(`${head}And **Asia** next.`)).toHaveLength(2);
    expect(view.container.querySelector('.ek-markdown__plain')).toBeNull();
    expect([...view.container.querySelectorAll('strong')].at(-1)!.textContent).toBe('Asia');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(commits).toBe(1);
  });

  it(`parses the first ${MARKDOWN_LIMIT.toLocaleString('en-US')} characters; "Show all" shows the rest as plain text`, async () => {
    const paragraph = 'Lorem ipsum **dolor** sit amet.\n\n';
    const text = paragraph.repeat(Math.ceil((MARKDOWN_LIMIT * 3) / paragraph.length));
    const { container, getByRole } = render(<Markdown text={text} />);
    const button = getByRole('button', { name: /Show all \([\d,]+ more characters\)/ });
    const shown = () =>
      [...container.querySelectorAll('.ek-markdown > :not(.ek-more, .ek-more__text)')]
        .map((e) => e.textContent)
        .join('');
    expect(shown().length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    await waitFor(() => expect(container.querySelectorAll('strong').length).toBeGreaterThan(1000));
    await userEvent.click(button);
    await waitFor(() => expect(container.querySelector('.ek-more')).toBeNull());
    await waitFor(() =>
      expect([...container.querySelectorAll('.ek-more__part')].map((p) => p.textContent).join('')).toBe(
        text.slice(shownLength(text)),
      ),
    );
    // The rest is text, not markdown.
    expect(container.querySelector('.ek-more__text strong')).toBeNull();
  });
});

/** How much of `text` the markdown part takes (cut after a blank line before the limit). */
const shownLength = (text: string) => text.lastIndexOf('\n\n', MARKDOWN_LIMIT) + 2;

describe('Markdown links and images (issue 17, point 7)', () => {
  const renderLinks = async (text: string) => {
    const view = render(<Markdown text={text} />);
    await waitFor(() => expect(view.container.querySelector('.ek-markdown__plain')).toBeNull());
    return view.container;
  };

  it('opens http(s) links in a new tab without opener or referrer, the full URL as title', async () => {
    const container = await renderLinks('See [the report](https://docs.example.test/r "trust me").');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://docs.example.test/r');
    expect(link.target).toBe('_blank');
    expect(link.rel.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    expect(link.title).toBe('https://docs.example.test/r');
    // Its text names no address: nothing added.
    expect(container.textContent).toBe('See the report.');
  });

  it.each([
    ['[https://bank.example/login](http://evil.test/phish)', 'evil.test'],
    ['[bank.example](https://evil.test/bank.example)', 'evil.test'],
    ['[www.bank.example](https://evil.test/)', 'evil.test'],
    ['[support@bank.example](mailto:attacker@evil.test)', 'attacker@evil.test'],
    ['[paypal.com](https://pаypal.com/login)', 'xn--pypal-4ve.com'],
  ])('%s shows where it really goes', async (text, destination) => {
    const container = await renderLinks(text);
    expect(container.querySelector('.ek-markdown__host')!.textContent).toBe(`(${destination})`);
  });

  it.each([
    '[https://bank.example/login](https://bank.example/login)',
    '[bank.example](https://bank.example/a)',
    '[www.bank.example](https://bank.example/)',
    '<https://bank.example/auto>',
    'www.bank.example/x',
  ])('%s needs no note', async (text) => {
    const container = await renderLinks(text);
    expect(container.querySelector('a')).not.toBeNull();
    expect(container.querySelector('.ek-markdown__host')).toBeNull();
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](data:text/html,<b>x</b>)',
    '[x](vbscript:msgbox(1))',
    '[x](//evil.test/a)',
    '[x](/relative)',
    '[x](file:///etc/passwd)',
  ])('%s is text, not a link', async (text) => {
    const container = await renderLinks(text);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('x');
  });

  it('never loads an image: its alt text shows instead', async () => {
    const container = await renderLinks(
      '![revenue chart](http://evil.test/p.png) ![](http://evil.test/e.png) ![ref][r]\n\n[r]: http://evil.test/r.png',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('evil.test');
    expect([...container.querySelectorAll('.ek-markdown__image')].map((e) => e.textContent)).toEqual([
      'revenue chart',
      'ref',
    ]);
  });
});
