import { useEffect, useId, useRef, useState } from 'react';

/** Typed dates are committed once typing pauses this long (or at once on Enter or leaving the field). */
const SETTLE_MS = 400;

/**
 * Whether a date field's value is a whole day: `YYYY-MM-DD` with a four-digit year from 1000
 * and a day the calendar has. A date field reports a year as it is typed (0002, 0020, 0202,
 * 2024): those partial years are not dates to ask for.
 */
export function isWholeDay(text: string): boolean {
  const match = /^([1-9]\d{3})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Props of {@link DateFields}. */
export interface DateFieldsProps {
  /** The committed days: one, two (a range), or none yet. */
  values: readonly string[];
  /** Each field's name: visible (`visible`) or to screen readers only. */
  names: readonly string[];
  /** Days shown before any is committed (a preset's days, when "Custom range" is picked). */
  initial?: readonly string[];
  visible?: boolean;
  /** Under a range whose start is after its end. */
  fromAfterTo: string;
  /** Called with every field's day, once all are whole (and a range in order), and different. */
  onCommit: (values: string[]) => void;
}

/**
 * Date fields (a date picker for a pointer, typed dates for a keyboard) that commit only what
 * is whole: every field a whole day ({@link isWholeDay}), a range's start not after its end,
 * once typing pauses, or at once on Enter or leaving a field. So typing two dates asks one
 * query and makes one history entry, not one per keystroke; a half-typed date is kept in its
 * field and the query keeps the last whole range meanwhile.
 */
export function DateFields({ values, names, initial, visible = false, fromAfterTo, onCommit }: DateFieldsProps) {
  const id = useId();
  const count = names.length;
  const committed = values.join('|');
  const fill = (from: readonly string[]) => Array.from({ length: count }, (_, at) => from[at] ?? '');
  const [draft, setDraft] = useState(() => ({
    days: fill(values.length ? values : (initial ?? [])),
    seen: committed,
  }));
  // Back, forward or a reset changed the days: the fields show them.
  if (draft.seen !== committed) setDraft({ days: fill(values), seen: committed });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const whole = draft.days.every(isWholeDay);
  const backwards = whole && count === 2 && draft.days[0]! > draft.days[1]!;
  const commit = (days: string[]) => {
    clearTimeout(timer.current);
    if (!days.every(isWholeDay) || (count === 2 && days[0]! > days[1]!) || days.join('|') === committed) return;
    onCommit(days);
  };
  const change = (at: number, text: string) => {
    const days = draft.days.map((day, index) => (index === at ? text : day));
    setDraft({ days, seen: committed });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(days), SETTLE_MS);
  };

  return (
    <>
      {draft.days.map((day, at) => (
        <label key={at} className="ek-explore__field">
          <span className={visible ? 'ek-explore__label' : 'ek-sr-only'}>{names[at]}</span>
          <input
            className="ek-explore__control"
            type="date"
            min="1000-01-01"
            max="9999-12-31"
            value={day}
            aria-invalid={backwards || undefined}
            aria-describedby={`${id}-error`}
            onChange={(event) => change(at, event.target.value)}
            onBlur={() => commit(draft.days)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit(draft.days);
            }}
          />
        </label>
      ))}
      <p id={`${id}-error`} className="ek-explore__error ek-explore__date-error" aria-live="polite">
        {backwards ? fromAfterTo : ''}
      </p>
    </>
  );
}
