import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from '../../src';
import pictureUrl from '../../stories/assets/avatar.svg?no-inline';

const absolute = (path: string) => new URL(path, window.location.href).href;

describe('<Avatar> in Chromium', () => {
  it('loads a real picture', async () => {
    render(<Avatar name="Ada Lovelace" src={absolute(pictureUrl)} size={48} />);
    const img = screen.getByRole('img', { name: 'Ada Lovelace' }) as HTMLImageElement;
    await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true));
    expect(img.getBoundingClientRect().width).toBe(48);
  });

  it('falls back to initials when the picture really fails to load', async () => {
    // A port nothing listens on: the browser's own load error, not a simulated one.
    render(<Avatar name="Grace Hopper" src="http://127.0.0.1:9/missing.png" />);
    const fallback = await screen.findByText('GH');
    expect(fallback.parentElement).toHaveAttribute('data-fallback', 'initials');
    const style = getComputedStyle(fallback.parentElement!);
    expect(style.borderRadius).toBe('50%');
    expect(style.color).toBe('rgb(255, 255, 255)');
  });
});
