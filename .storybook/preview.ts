import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
    // Accessibility violations fail the story's test in Chromium.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
};

export default preview;
