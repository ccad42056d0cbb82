import { useContext, useEffect, useState, type ReactElement } from 'react';
import { metaMembers, type MetaResponse } from '../../protocol/semantic/meta';
import { SemanticContext } from '../native/data/SemanticProvider';
import { useSemanticMeta } from '../native/data/use-semantic-query';
import type { MemberTitle } from './labels';

/**
 * Reads the data model's member titles (the `/meta` answer the native widgets share) and
 * hands them up, so a widget is announced by the name it shows ("Orders", not "count").
 * Rendered only inside a `SemanticProvider`; without one the names come from member names.
 */
export function MemberTitles({ onTitles }: { onTitles: (title: MemberTitle) => void }) {
  const { data } = useSemanticMeta();
  useEffect(() => {
    if (data) onTitles(titlesOf(data));
  }, [data, onTitles]);
  return null;
}

function titlesOf(meta: MetaResponse): MemberTitle {
  const members = metaMembers(meta);
  return (member) => {
    const found = members.get(member)?.member;
    if (!found) return undefined;
    return ('shortTitle' in found ? found.shortTitle : undefined) ?? found.title;
  };
}

/** The titles once the data model is known (undefined until then, or outside a provider), and what reads them. */
export function useMemberTitles(): [MemberTitle | undefined, ReactElement | null] {
  const inProvider = useContext(SemanticContext) !== null;
  const [title, setTitle] = useState<MemberTitle>();
  const [onTitles] = useState(() => (next: MemberTitle) => setTitle(() => next));
  return [title, inProvider ? <MemberTitles onTitles={onTitles} /> : null];
}
