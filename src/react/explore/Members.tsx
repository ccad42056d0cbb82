import { memo, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { keepFocusNear } from '../internal/keep-focus';
import type { ExploreTime } from '../../protocol/explore';
import type { ExploreAction } from './explore-reducer';
import { useExplorerContext } from './ExplorerContext';
import { filterMembers, type IndexedMember } from './member-index';

/** Members drawn at most in the list (a search narrows the rest). */
const MAX_LISTED = 200;

/** What picking (or unpicking) `member` does: a measure, a dimension, or the time dimension. */
function toggleAction(member: IndexedMember, time: ExploreTime | undefined): ExploreAction {
  if (member.kind === 'measure') return { type: 'toggleMeasure', member: member.name };
  if (member.type !== 'time') return { type: 'toggleDimension', member: member.name };
  if (time?.dimension === member.name) return { type: 'setTime', time: undefined };
  return { type: 'setTime', time: { ...time, dimension: member.name, granularity: time?.granularity ?? 'month' } };
}

/** One member of the list; memoized, so a keystroke in the search redraws only the rows that change. */
const MemberRow = memo(function MemberRow({
  member,
  checked,
  kind,
  time,
  dispatch,
}: {
  member: IndexedMember;
  checked: boolean;
  kind: string;
  time: ExploreTime | undefined;
  dispatch: (action: ExploreAction) => void;
}) {
  return (
    <label className="ek-explore__member" title={member.description}>
      <input type="checkbox" checked={checked} onChange={() => dispatch(toggleAction(member, time))} />
      <span className="ek-explore__member-text">
        <span className="ek-explore__member-title">
          {member.title} <small className="ek-explore__kind">{kind}</small>
        </span>
        {member.description && <small className="ek-explore__description">{member.description}</small>}
      </span>
    </label>
  );
});

/** Measures and dimensions by cube or view, with titles and descriptions, searchable; the chosen ones as chips. */
export function Members() {
  const { api, labels, members, byName } = useExplorerContext();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  // Typing stays responsive: the list follows the deferred text.
  const deferred = useDeferredValue(text);
  const { shown, total } = useMemo(() => filterMembers(members, deferred, MAX_LISTED), [members, deferred]);
  const groups = new Map<string, { title: string; members: IndexedMember[] }>();
  for (const member of shown) {
    const group = groups.get(member.group) ?? { title: member.groupTitle, members: [] };
    group.members.push(member);
    groups.set(member.group, group);
  }
  const { state } = api;
  const checked = (member: IndexedMember) =>
    member.kind === 'measure'
      ? state.measures.includes(member.name)
      : member.type === 'time'
        ? state.time?.dimension === member.name
        : state.dimensions.includes(member.name);
  const toggle = (member: IndexedMember) => api.dispatch(toggleAction(member, state.time));
  const chosen = [...state.measures, ...state.dimensions, ...(state.time ? [state.time.dimension] : [])];
  const kind = (member: IndexedMember) =>
    member.kind === 'measure' ? labels.measures : member.type === 'time' ? labels.time : labels.dimensions;
  return (
    <div ref={box} role="group" aria-labelledby={`${id}-title`} className="ek-explore__part ek-explore__members">
      <strong id={`${id}-title`} className="ek-explore__title">
        {labels.members}
      </strong>
      {chosen.length > 0 && (
        <ul className="ek-explore__chips" aria-label={labels.chosen}>
          {chosen.map((name, at) => {
            const member = byName.get(name);
            const title = member?.title ?? name;
            return (
              <li key={name} className="ek-explore__chip" data-kind={member?.kind ?? 'dimension'}>
                <span className="ek-explore__chip-text">{title}</span>
                <button
                  type="button"
                  className="ek-explore__chip-remove"
                  aria-label={labels.removeMember(title)}
                  onClick={(event) => {
                    if (!member) return;
                    toggle(member);
                    // The chip is gone: focus on the next chip's button, the one before, else the search.
                    keepFocusNear(event.currentTarget, () => {
                      const buttons = box.current?.querySelectorAll<HTMLElement>('.ek-explore__chip-remove') ?? [];
                      return (
                        buttons[at] ??
                        buttons[at - 1] ??
                        box.current?.querySelector<HTMLElement>('input[type="search"]')
                      );
                    });
                  }}
                  disabled={!member}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        className="ek-explore__control ek-explore__search"
        type="search"
        aria-label={labels.search}
        placeholder={labels.search}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="ek-explore__list">
        {total === 0 && <p className="ek-explore__note">{labels.noMembers}</p>}
        {[...groups].map(([name, group]) => (
          <fieldset key={name} className="ek-explore__group">
            <legend className="ek-explore__group-title">{group.title}</legend>
            {group.members.map((member) => (
              <MemberRow
                key={member.name}
                member={member}
                checked={checked(member)}
                kind={kind(member)}
                time={member.type === 'time' ? state.time : undefined}
                dispatch={api.dispatch}
              />
            ))}
          </fieldset>
        ))}
      </div>
      {total > shown.length && (
        <p role="status" className="ek-explore__note">
          {labels.capped(shown.length, total)}
        </p>
      )}
    </div>
  );
}
