import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
    // Accessibility violations fail the story's test in Chromium.
    a11y: { test: 'error' },
    // The demo first: it is what `npm start` shows.
    options: { storySort: { order: ['Demo', 'Chat', 'Embedding', 'Charts'] } },
  },
  tags: ['autodocs'],
};

export default preview;
