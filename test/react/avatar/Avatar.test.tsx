import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from '../../../src';

describe('<Avatar>', () => {
  it('shows the picture with the name as alternative text', () => {
    render(<Avatar name="Ada Lovelace" src="https://cdn.example.com/ada.png" />);
    const img = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/ada.png');
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('falls back to initials when the picture fails to load', () => {
    render(<Avatar name="Ada Lovelace" src="https://cdn.example.com/missing.png" />);
    fireEvent.error(screen.getByRole('img'));
    const fallback = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('AL');
    expect(fallback).toHaveAttribute('data-fallback', 'initials');
  });

  it('never loads a URL that is not absolute http(s)', () => {
    for (const src of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '/relative.png', '//evil.example/x.png']) {
      const { container, unmount } = render(<Avatar name="Bob" src={src} />);
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByRole('img', { name: 'Bob' })).toHaveTextContent('BO');
      unmount();
    }
  });

  it('honours the host policy for picture URLs', () => {
    const allowImage = (url: URL) => url.hostname === 'cdn.example.com';
    const { container } = render(<Avatar name="Eve" src="https://tracker.example/p.png" allowImage={allowImage} />);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows a neutral icon without a usable name', () => {
    render(<Avatar name="  🙂  " />);
    const icon = screen.getByRole('img', { name: '🙂' });
    expect(icon).toHaveAttribute('data-fallback', 'icon');
    render(<Avatar />);
    expect(screen.getByRole('img', { name: 'Unknown user' })).toHaveAttribute('data-fallback', 'icon');
  });
});
