import { useContext, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CubeMeta, MetaResponse } from '../../protocol/semantic/meta';
import type { SemanticQuery } from '../../protocol/semantic/query';
import { MAX_BOARD_TEXT_LENGTH, MAX_BOARD_TITLE_LENGTH } from '../../protocol/board/widget';
import { SemanticContext } from '../native/data/SemanticProvider';
import { useSemanticMeta } from '../native/data/use-semantic-query';
import type { BoardLabels } from './labels';

// The form that adds a widget in edit mode: what kind, which members of the data model, a
// title. Loaded when first opened (its own chunk), so a board in view mode never ships it.

/** A widget to add, without its id and place (the board gives both). */
export type NewWidget =
  | { kind: 'kpi'; measure: string; title?: string }
  | { kind: 'chart' | 'table'; query: SemanticQuery; title?: string }
  | { kind: 'text'; text: string; title?: string };

type Kind = NewWidget['kind'];
const KINDS: readonly Kind[] = ['kpi', 'chart', 'table', 'text'];
const STEPS = ['day', 'week', 'month', 'quarter', 'year'] as const;
type Step = (typeof STEPS)[number];

/** Props of {@link AddWidget}. */
export interface AddWidgetProps {
  labels: BoardLabels;
  onAdd: (widget: NewWidget) => void;
  onCancel: () => void;
}

const shown = (member: { isVisible?: boolean | undefined; public?: boolean | undefined }) =>
  member.isVisible !== false && member.public !== false;
const titleOf = (member: { title: string; shortTitle?: string | undefined }) => member.shortTitle || member.title;

/** The cubes with the members the form offers (hidden ones left out). */
function offered(meta: MetaResponse | undefined) {
  return (meta?.cubes ?? []).map((cube: CubeMeta) => ({
    cube,
    measures: cube.measures.filter(shown),
    dimensions: cube.dimensions.filter(shown),
  }));
}

/** A select's options: each cube's members (measures or dimensions) under its title; empty cubes left out. */
function MemberOptions({
  groups,
}: {
  groups: { cube: CubeMeta; list: { name: string; title: string; shortTitle?: string | undefined }[] }[];
}) {
  return groups.map(({ cube, list }) =>
    list.length ? (
      <optgroup key={cube.name} label={cube.title}>
        {list.map((member) => (
          <option key={member.name} value={member.name}>
            {titleOf(member)}
          </option>
        ))}
      </optgroup>
    ) : null,
  );
}

/**
 * An accessible form (a dialog that does not trap: the board stays usable around it) to add
 * a widget: its first field takes focus, Escape or Cancel closes it, Add hands the widget to
 * the board, which places, focuses and announces it. Outside a `SemanticProvider` (a board of
 * notes) it offers a note only.
 */
export function AddWidget(props: AddWidgetProps) {
  return useContext(SemanticContext) ? <WithDataModel {...props} /> : <AddWidgetForm {...props} meta={undefined} />;
}

function WithDataModel(props: AddWidgetProps) {
  const meta = useSemanticMeta();
  return <AddWidgetForm {...props} meta={meta.isPending ? 'pending' : meta.data} />;
}

function AddWidgetForm({
  labels,
  onAdd,
  onCancel,
  meta,
}: AddWidgetProps & { meta: MetaResponse | 'pending' | undefined }) {
  const pending = meta === 'pending';
  const cubes = offered(pending ? undefined : meta);
  const measures = cubes.flatMap((c) => c.measures);
  const timeOf = new Set(cubes.flatMap((c) => c.dimensions.filter((d) => d.type === 'time').map((d) => d.name)));
  const noMembers = !pending && measures.length === 0;
  const [kind, setKind] = useState<Kind>('kpi');
  const effective: Kind = noMembers ? 'text' : kind;
  const [measure, setMeasure] = useState('');
  const [by, setBy] = useState('');
  const [step, setStep] = useState<Step>('month');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const headingId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('input:not(:disabled), select, textarea')?.focus();
  }, []);

  // The first measure until the user picks one (the data model arrives after the form opens).
  const chosenMeasure = measures.some((m) => m.name === measure) ? measure : (measures[0]?.name ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const named = title.trim() ? { title: title.trim() } : {};
    if (effective === 'text') {
      if (!text.trim()) return;
      onAdd({ kind: 'text', text, ...named });
    } else if (!chosenMeasure) {
      return;
    } else if (effective === 'kpi') {
      onAdd({ kind: 'kpi', measure: chosenMeasure, ...named });
    } else {
      const query: SemanticQuery = { measures: [chosenMeasure] };
      if (by && timeOf.has(by)) query.timeDimensions = [{ dimension: by, granularity: step }];
      else if (by) query.dimensions = [by];
      onAdd({ kind: effective, query, ...named });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  return (
    <div ref={root} className="ek-board__add" role="dialog" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <h3 id={headingId} className="ek-board__add-heading">
        {labels.addHeading}
      </h3>
      <form className="ek-board__add-form" onSubmit={submit}>
        <fieldset className="ek-board__add-kinds">
          <legend>{labels.addKind}</legend>
          {KINDS.map((value) => (
            <label key={value} className="ek-board__add-kind">
              <input
                type="radio"
                name={`${headingId}-kind`}
                value={value}
                checked={effective === value}
                disabled={noMembers && value !== 'text'}
                onChange={() => setKind(value)}
              />
              {labels.addKinds[value]}
            </label>
          ))}
        </fieldset>
        {pending && effective !== 'text' ? (
          <p className="ek-board__muted" role="status">
            {labels.addLoading}
          </p>
        ) : null}
        {noMembers ? <p className="ek-board__muted">{labels.addNoMembers}</p> : null}
        {effective !== 'text' && measures.length ? (
          <label className="ek-board__add-field">
            <span>{labels.addMeasure}</span>
            <select value={chosenMeasure} onChange={(event) => setMeasure(event.target.value)}>
              <MemberOptions groups={cubes.map(({ cube, measures: list }) => ({ cube, list }))} />
            </select>
          </label>
        ) : null}
        {(effective === 'chart' || effective === 'table') && measures.length ? (
          <label className="ek-board__add-field">
            <span>{labels.addBy}</span>
            <select value={by} onChange={(event) => setBy(event.target.value)}>
              <option value="">{labels.addByNothing}</option>
              <MemberOptions groups={cubes.map(({ cube, dimensions: list }) => ({ cube, list }))} />
            </select>
          </label>
        ) : null}
        {(effective === 'chart' || effective === 'table') && timeOf.has(by) ? (
          <label className="ek-board__add-field">
            <span>{labels.addGranularity}</span>
            <select value={step} onChange={(event) => setStep(event.target.value as Step)}>
              {STEPS.map((value) => (
                <option key={value} value={value}>
                  {labels.addGranularities[value]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {effective === 'text' ? (
          <label className="ek-board__add-field ek-board__add-field--wide">
            <span>{labels.addText}</span>
            <textarea
              required
              rows={3}
              maxLength={MAX_BOARD_TEXT_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
        ) : null}
        <label className="ek-board__add-field">
          <span>{labels.addTitle}</span>
          <input
            type="text"
            maxLength={MAX_BOARD_TITLE_LENGTH}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <div className="ek-board__add-actions">
          <button
            type="submit"
            className="ek-button ek-board__add-submit"
            disabled={effective !== 'text' && !chosenMeasure}
          >
            {labels.addSubmit}
          </button>
          <button type="button" className="ek-button" onClick={onCancel}>
            {labels.addCancel}
          </button>
        </div>
      </form>
    </div>
  );
}
