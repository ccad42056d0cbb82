// The demo's "Explore": a question asked by pointing, over the same semantic layer as the
// native overview. Its state is in the URL (`?explore=`): a link opens the same question, and
// the browser's back and forward step through the changes.
import { useEffect, useState } from 'react';
import { Explore, serializeExplore, type ExploreState } from '../src/react/explore';
import { SemanticProvider } from '../src/react/native';
import { exploreLink, urlWithExplore } from './explore-link';

const SAVED = 'Saved to My board.';

/** The explorer over `deploymentId`'s semantic layer, its state in the URL, "Save to board" handed to `onSave`. */
export function ExplorePage({
  deploymentId,
  onSave,
  onOpenBoard,
}: {
  deploymentId: number;
  /** "Save to board": adds the question to My board under its title (rejects with why not). */
  onSave: (state: ExploreState, title: string) => Promise<void>;
  /** Shows My board. */
  onOpenBoard: () => void;
}) {
  // The explorer reads its link once: back and forward start it again from the URL's state.
  const [opened, setOpened] = useState(() => ({ link: exploreLink(), generation: 0 }));
  const [saved, setSaved] = useState<{ ok: boolean; text: string } | undefined>();
  useEffect(() => {
    const onPop = () => setOpened((was) => ({ link: exploreLink(), generation: was.generation + 1 }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return (
    <SemanticProvider deploymentId={deploymentId}>
      <Explore
        key={opened.generation}
        link={opened.link}
        onChange={(state) => {
          const link = serializeExplore(state);
          setSaved(undefined);
          // Each change is a step of the browser's history (a link of the same state is not).
          if (link !== exploreLink()) window.history.pushState(null, '', urlWithExplore(link));
        }}
        onSave={(state, { title }) => {
          setSaved({ ok: true, text: 'Saving to My board…' });
          onSave(state, title).then(
            () => setSaved({ ok: true, text: SAVED }),
            (error: unknown) =>
              setSaved({
                ok: false,
                text: `Could not save to My board: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}`,
              }),
          );
        }}
      />
      <div className="demo-explore__saved">
        <p role="status">{saved?.ok && saved.text}</p>
        {saved?.ok && saved.text === SAVED && (
          <button type="button" onClick={onOpenBoard}>
            Open My board
          </button>
        )}
      </div>
      {saved && !saved.ok && (
        <p className="demo-explore__failed" role="alert">
          {saved.text}
        </p>
      )}
    </SemanticProvider>
  );
}
