import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Avatar } from '../src';
import pictureUrl from './assets/avatar.svg?no-inline';

const picture = new URL(pictureUrl, window.location.href).href;

const meta = {
  title: 'Avatar',
  component: Avatar,
  args: { name: 'Ada Lovelace', size: 40 },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A picture that loads. */
export const Picture: Story = {
  args: { src: picture },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Ada Lovelace' }) as HTMLImageElement;
    await waitFor(() => expect(img.naturalWidth).toBeGreaterThan(0));
  },
};

/** The picture fails to load: initials on a colour stable for the name. */
export const BrokenPicture: Story = {
  args: { name: 'Grace Hopper', src: 'http://127.0.0.1:9/missing.png' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('GH');
  },
};

/** A URL that is not absolute http(s) is never loaded. */
export const UnsafeUrl: Story = {
  args: { name: 'Mallory', src: 'javascript:alert(1)' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(within(canvasElement).getByText('MA')).toBeVisible();
  },
};

/** No name to take initials from: a neutral icon. */
export const NoName: Story = {
  args: { name: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Unknown user' })).toHaveAttribute(
      'data-fallback',
      'icon',
    );
  },
};

const names = [
  'Ada Lovelace',
  'Émile Zola',
  'Ольга Петрова',
  '山田太郎',
  'José María Aznar',
  'ann.lee@example.com',
  '🙂',
];

/** Initials across scripts and shapes of names. */
export const InitialsGallery: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      {names.map((name) => (
        <Avatar key={name} {...args} name={name} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of ['AL', 'ÉZ', 'ОП', '山田', 'JA', 'AL']) await expect(canvas.getAllByText(text)[0]).toBeVisible();
  },
};

/** Sizes from 20 to 64 pixels. */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {[20, 32, 40, 64].map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </div>
  ),
};
