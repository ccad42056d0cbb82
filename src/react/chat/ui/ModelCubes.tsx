import type { MetaToolResult } from '../../../protocol';

/**
 * The views and members a metadata search found: loaded when the user first opens them (a
 * search may return thousands of members, none of which shows until then).
 */
export function ModelCubes({ cubes }: { cubes: MetaToolResult['cubes'] }) {
  return (
    <ul className="ek-tool__cubes">
      {cubes.map((cube) => (
        <li key={cube.name}>
          <strong>{cube.title ?? cube.name}</strong> <code>{cube.name}</code>
          {(['measures', 'dimensions', 'segments'] as const).map((group) =>
            cube[group]?.length ? (
              <div key={group} className="ek-tool__members">
                <span>{group}:</span>{' '}
                {cube[group]!.map((member) => (
                  <code key={member.name} title={member.description ?? member.title}>
                    {member.name}
                  </code>
                ))}
              </div>
            ) : null,
          )}
        </li>
      ))}
    </ul>
  );
}
