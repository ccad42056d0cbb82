import { useId, useState } from 'react';
import { isExploreNumber, MAX_EXPLORE_VALUES, type ExploreFilter } from '../../protocol/explore';
import { useExplorerContext } from './ExplorerContext';
import type { ExploreLabels } from './labels';

/** A number as typed: trimmed, a lone decimal comma read as a point ("1,5"); undefined when empty. */
function readNumber(text: string): { value?: string; bad?: string } {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const value = trimmed.replace(/^(-?\d+),(\d+)$/, '$1.$2');
  return isExploreNumber(value) ? { value } : { bad: trimmed };
}

/** Several numbers: separated by `;`, spaces, or a comma and a space. */
function readNumbers(text: string, labels: ExploreLabels): { values: string[]; error?: string } {
  const values: string[] = [];
  for (const part of text.split(/[;\s]+|,(?=\s)/)) {
    const { value, bad } = readNumber(part);
    if (bad !== undefined) return { values, error: labels.notANumber(bad.slice(0, 40)) };
    if (value !== undefined && !values.includes(value)) values.push(value);
  }
  return values.length > MAX_EXPLORE_VALUES ? { values: values.slice(0, MAX_EXPLORE_VALUES) } : { values };
}

/** The error line of a number field, kept in the layout so a message does not shift what follows. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="ek-explore__error" aria-live="polite">
      {error}
    </p>
  );
}

/**
 * A number range: a minimum and a maximum (either may be empty) that become the member's
 * `gte`/`lte` filters. Text that is not a number, or a minimum above the maximum, is named
 * under the fields and not sent; the last valid range stays in the query meanwhile.
 */
export function NumberRange({
  index,
  title,
  min,
  max,
}: {
  index: number;
  title: string;
  min: string | undefined;
  max: string | undefined;
}) {
  const { api, labels } = useExplorerContext();
  const id = useId();
  const committed = `${min ?? ''}|${max ?? ''}`;
  const [draft, setDraft] = useState({ min: min ?? '', max: max ?? '', seen: committed });
  // Back, forward or a reset changed the range: the fields show it.
  if (draft.seen !== committed) setDraft({ min: min ?? '', max: max ?? '', seen: committed });
  const low = readNumber(draft.min);
  const high = readNumber(draft.max);
  const error =
    low.bad !== undefined
      ? labels.notANumber(low.bad.slice(0, 40))
      : high.bad !== undefined
        ? labels.notANumber(high.bad.slice(0, 40))
        : low.value !== undefined && high.value !== undefined && Number(low.value) > Number(high.value)
          ? labels.minAboveMax
          : undefined;
  const change = (next: { min: string; max: string }) => {
    const a = readNumber(next.min);
    const b = readNumber(next.max);
    const valid =
      a.bad === undefined &&
      b.bad === undefined &&
      !(a.value !== undefined && b.value !== undefined && Number(a.value) > Number(b.value));
    const key = `${a.value ?? ''}|${b.value ?? ''}`;
    setDraft({ ...next, seen: valid ? key : draft.seen });
    if (valid && key !== committed)
      api.dispatch({
        type: 'setRange',
        index,
        ...(a.value !== undefined ? { min: a.value } : {}),
        ...(b.value !== undefined ? { max: b.value } : {}),
      });
  };
  const field = (which: 'min' | 'max', bad: boolean) => (
    <label className="ek-explore__field">
      <span className="ek-explore__label">{labels[which]}</span>
      <input
        className="ek-explore__control ek-explore__number"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={`${labels[which]}: ${title}`}
        aria-invalid={bad || (which === 'min' && error === labels.minAboveMax) || undefined}
        aria-describedby={`${id}-error`}
        value={draft[which]}
        onChange={(e) => change({ min: draft.min, max: draft.max, [which]: e.target.value })}
      />
    </label>
  );
  return (
    <div className="ek-explore__editor">
      <div className="ek-explore__row">
        {field('min', low.bad !== undefined)}
        <span aria-hidden="true" className="ek-explore__dash">
          –
        </span>
        {field('max', high.bad !== undefined)}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * Numbers for "is", "is not" (several, separated by `;`), "greater than" and "less than"
 * (one): checked as typed; text that is not a number is named and not sent.
 */
export function NumberValues({
  filter,
  title,
  onChange,
}: {
  filter: ExploreFilter;
  title: string;
  onChange: (values: string[]) => void;
}) {
  const { labels } = useExplorerContext();
  const id = useId();
  const several = filter.operator === 'equals' || filter.operator === 'notEquals';
  const committed = filter.values.join('; ');
  const [draft, setDraft] = useState({ text: committed, seen: committed });
  if (draft.seen !== committed) setDraft({ text: committed, seen: committed });
  const read = (text: string) => {
    const result = readNumbers(text, labels);
    return !several && result.values.length > 1 && !result.error
      ? { values: result.values.slice(0, 1), error: labels.notANumber(text.trim().slice(0, 40)) }
      : result;
  };
  const { error } = read(draft.text);
  return (
    <div className="ek-explore__editor">
      <input
        className="ek-explore__control"
        type="text"
        inputMode={several ? 'text' : 'decimal'}
        autoComplete="off"
        aria-label={`${labels.value}: ${title}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={several ? `${id}-error ${id}-hint` : `${id}-error`}
        placeholder={several ? '10; 20; 30' : undefined}
        value={draft.text}
        onChange={(e) => {
          const next = read(e.target.value);
          const seen = next.error ? draft.seen : next.values.join('; ');
          setDraft({ text: e.target.value, seen });
          if (!next.error && seen !== committed) onChange(next.values);
        }}
      />
      {several && (
        <p id={`${id}-hint`} className="ek-explore__hint">
          {labels.numberList}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
