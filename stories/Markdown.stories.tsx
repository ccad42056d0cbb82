import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Markdown } from '../src';

const meta = {
  title: 'Chat/Markdown',
  component: Markdown,
  args: {
    text: [
      '## Revenue by region',
      '',
      'North America leads with **$5.49M**, ahead of *Asia Pacific*. See the [guide](https://example.com/guide).',
      '',
      '| Region | Revenue |',
      '| --- | ---: |',
      '| North America | 5,492,929 |',
      '| Europe | 5,086,175 |',
      '',
      '- Numbers are for 2024',
      '- `orders.revenue` is net of refunds',
    ].join('\n'),
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An answer as the agent writes it: GFM headings, emphasis, links, tables, lists, code. */
export const Answer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The parser is a lazy chunk: plain paragraphs show until it arrives.
    await expect(await canvas.findByRole('table')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'guide' })).toHaveAttribute('href', 'https://example.com/guide');
  },
};

/** Untrusted text: raw HTML, images and script links never render as such. */
export const UntrustedContent: Story = {
  args: {
    text: [
      'Hello <img src=x onerror="alert(1)"> and <script>alert(2)</script>.',
      '',
      '![tracking pixel](https://example.com/pixel.png)',
      '',
      '[click me](javascript:alert(3)) and [mail us](mailto:team@example.com)',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    // Once the lazy parser has rendered the links, nothing unsafe is in the page.
    await expect(await within(canvasElement).findByRole('link', { name: 'mail us' })).toBeVisible();
    await expect(canvasElement.querySelector('img, script')).toBeNull();
    await expect(canvasElement.querySelector('a[href^="javascript"]')).toBeNull();
  },
};

/**
 * Links whose text names another address show their real host after the text (a look-alike
 * host in punycode); images never load: their alt text shows instead.
 */
export const LinksAndImages: Story = {
  args: {
    text: [
      'Sign in at [https://bank.example/login](https://evil.example/phish) or [paypal.com](https://pаypal.com/).',
      '',
      'Write to [support@bank.example](mailto:attacker@evil.example); read the [guide](https://example.com/guide).',
      '',
      'The trend: ![revenue chart](https://evil.example/pixel.png)',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('(evil.example)')).toBeVisible();
    await expect(canvas.getByText('(xn--pypal-4ve.com)')).toBeVisible();
    await expect(canvas.getByText('(attacker@evil.example)')).toBeVisible();
    await expect(canvas.getByText('revenue chart')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

/** Markdown the parser would choke on (a 1,500-deep list, 40k emphasis openers) shows as its plain text. */
export const BeyondTheParserCaps: Story = {
  args: {
    text: [
      'The agent answered with markup no parser should be given:',
      '',
      Array.from({ length: 300 }, (_, i) => ' '.repeat(i * 2) + '- deeper').join('\n'),
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.ek-markdown__plain')).not.toBeNull());
    await expect(canvasElement.querySelector('ul')).toBeNull();
  },
};

const paragraph =
  'Revenue grew in every region this quarter, led by **North America** at $5.49M; Europe followed at $5.09M. ';

/**
 * A very long answer: the first 40,000 characters are markdown, the rest waits behind
 * "Show all" and then shows as plain text, laid out only near the viewport.
 */
export const LongAnswer: Story = {
  args: { text: Array.from({ length: 600 }, (_, i) => `${i + 1}. ${paragraph}`).join('\n\n') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: /Show all \([\d,]+ more characters\)/ });
    await userEvent.click(button);
    await waitFor(() => expect(canvasElement.querySelectorAll('.ek-more__part').length).toBeGreaterThan(0));
    await expect(canvas.queryByRole('button', { name: /Show all/ })).toBeNull();
  },
};
