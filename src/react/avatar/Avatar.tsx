import { useState, type CSSProperties } from 'react';
import { colorForName, initialsOf, safeImageUrl } from './initials';

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** Display name: the image's alternative text and the source of the initials. */
  name?: string;
  /** Picture URL; only absolute http(s) URLs load, others fall back to initials. */
  src?: string;
  /** Diameter in pixels. Default 32. */
  size?: number;
  /** The host's policy for picture URLs (e.g. an allow-list of hosts). */
  allowImage?: (url: URL) => boolean;
  className?: string;
}

/**
 * A round avatar: the picture when it loads, otherwise initials on a colour stable for the
 * name, otherwise a neutral person icon. A broken picture never shows a broken image.
 */
export function Avatar({ name, src, size = 32, allowImage, className }: AvatarProps) {
  const url = safeImageUrl(src, allowImage);
  const [failed, setFailed] = useState<string | null>(null);
  const label = name?.trim() || 'Unknown user';
  const style = { '--ek-avatar-size': `${size}px` } as CSSProperties;
  const classes = ['ek-avatar', className].filter(Boolean).join(' ');

  if (url && failed !== url) {
    return (
      <img
        className={classes}
        style={style}
        src={url}
        alt={label}
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        decoding="async"
        onError={() => setFailed(url)}
      />
    );
  }
  const initials = initialsOf(name);
  if (initials) {
    return (
      <span
        className={classes}
        style={{ ...style, backgroundColor: colorForName(name!.trim()) }}
        role="img"
        aria-label={label}
        data-fallback="initials"
      >
        <span aria-hidden="true">{initials}</span>
      </span>
    );
  }
  return (
    <span className={`${classes} ek-avatar--neutral`} style={style} role="img" aria-label={label} data-fallback="icon">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8.5" r="4" fill="currentColor" />
        <path d="M4 20.5c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" fill="currentColor" />
      </svg>
    </span>
  );
}
