import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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
