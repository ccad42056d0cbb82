import { isVisibleMember, memberValueType } from '../../protocol/explore';
import type { DimensionType, MetaResponse } from '../../protocol';
import { metaMembers } from '../../protocol/semantic/meta';

/** One member the explorer lists: what it is, its titles, and its lowercase search text. */
export interface IndexedMember {
  name: string;
  kind: 'measure' | 'dimension';
  type: DimensionType;
  title: string;
  description: string | undefined;
  /** The cube or view it belongs to. */
  group: string;
  groupTitle: string;
  /** Name, titles, description and group title in lowercase, computed once per meta. */
  search: string;
}

/** The meta's visible measures and dimensions, with their search text (built once per meta). */
export function indexMembers(meta: MetaResponse): IndexedMember[] {
  const members: IndexedMember[] = [];
  for (const found of metaMembers(meta).values()) {
    if (found.kind === 'segment' || !isVisibleMember(found)) continue;
    const { member, cube } = found;
    const title = member.shortTitle || member.title || member.name;
    members.push({
      name: member.name,
      kind: found.kind,
      type: memberValueType(found)!,
      title,
      description: member.description,
      group: cube.name,
      groupTitle: cube.title || cube.name,
      search:
        `${member.name}\n${member.title}\n${member.shortTitle ?? ''}\n${member.description ?? ''}\n${cube.title}`.toLowerCase(),
    });
  }
  return members;
}

/** Members whose search text holds every word of `text`, at most `max` (the list draws no more). */
export function filterMembers(
  members: readonly IndexedMember[],
  text: string,
  max: number,
): { shown: IndexedMember[]; total: number } {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { shown: members.slice(0, max), total: members.length };
  const shown: IndexedMember[] = [];
  let total = 0;
  for (const member of members) {
    if (!words.every((word) => member.search.includes(word))) continue;
    total++;
    if (shown.length < max) shown.push(member);
  }
  return { shown, total };
}
