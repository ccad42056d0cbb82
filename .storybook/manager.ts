import { addons } from 'storybook/manager-api';
import { DOCS_RENDERED, STORY_RENDERED } from 'storybook/internal/core-events';

// `npm start` opens on the demo: a person should see the app, not the first component's docs
// and a third of the screen of addon panels. An address with no story in it goes to the demo,
// and there the addon panel starts hidden (one click away: the toolbar's panel toggle, or the
// A shortcut) unless the address asks for it (`&panel=bottom`). Leaving the demo brings the
// panel back: every other story keeps Storybook's layout, where designers want Controls,
// Interactions and Accessibility (Storybook remembers the layout, so it is put back, not left).
const APP_STORY = 'demo-app--default';
const initial = new URLSearchParams(globalThis.location.search);

addons.register('react-embedded-analytics/app-alone', (api) => {
  let first = true;
  let hidden = false;
  const onRendered = (id: string) => {
    if (first && !initial.has('path') && id !== APP_STORY) {
      api.selectStory(APP_STORY);
      return;
    }
    if (first && id === APP_STORY && !initial.has('panel')) {
      api.togglePanel(false);
      hidden = true;
    } else if (hidden && id !== APP_STORY) {
      api.togglePanel(true);
      hidden = false;
    }
    first = false;
  };
  api.on(STORY_RENDERED, onRendered);
  api.on(DOCS_RENDERED, onRendered);
});
