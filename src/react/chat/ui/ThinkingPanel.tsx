import { useState } from 'react';

/** The agent's reasoning, streamed live, collapsible; open while it is being written. */
export function ThinkingPanel({ text, active }: { text: string; active: boolean }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const isOpen = open ?? active;
  return (
    <details className="ek-thinking" open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{active ? 'Thinking…' : 'Reasoning'}</summary>
      <p className="ek-thinking__text">{text}</p>
    </details>
  );
}
