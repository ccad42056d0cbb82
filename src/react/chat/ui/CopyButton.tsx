import { useEffect, useState, type ReactNode } from 'react';

/**
 * Copies `text`; shows `copied` for a moment, then its label again. With `icon`, an icon
 * button whose accessible name is the label.
 */
export function CopyButton({
  text,
  label,
  copied,
  icon,
  className = 'ek-button',
}: {
  text: string;
  label: string;
  copied: string;
  icon?: ReactNode;
  className?: string;
}) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 1500);
    return () => clearTimeout(timer);
  }, [done]);
  const name = done ? copied : label;
  return (
    <button
      type="button"
      className={className}
      aria-label={icon ? name : undefined}
      title={icon ? name : undefined}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        );
      }}
    >
      {icon ?? name}
    </button>
  );
}
