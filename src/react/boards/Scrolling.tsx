import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box whose text may be longer than its cell: when it is, it scrolls and takes focus, so
 * the keyboard can scroll it too (and it is named, as a focusable region must be).
 */
export function Scrolling({ className, label, children }: { className: string; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(box.scrollHeight > box.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    measure();
    return () => observer.disconnect();
  }, [children]);
  return (
    <div ref={ref} className={className} {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
