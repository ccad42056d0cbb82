import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect, type ReactNode } from 'react';
import { demoLocales, demoThemes, type DemoThemeName } from '../demo/themes';
import { createTheme, ThemeProvider, type Theme } from '../src';
import { registerMockWorker } from '../src/mock/service-worker';
import '../src/styles.css';

/** Paints the canvas in the theme's background, so dark and brand themes read as they would in a host. */
function Canvas({ theme, children }: { theme: Theme; children: ReactNode }) {
  useEffect(() => {
    const { style } = document.body;
    style.background = theme.colors.background;
    style.color = theme.colors.text;
    style.colorScheme = theme.colorScheme;
    style.fontFamily = theme.fonts.body;
  }, [theme]);
  return children;
}

/** Every story under the toolbar's theme and locale (a story's own ThemeProvider wins). */
const withTheme: Decorator = (Story, context) => {
  const name = (context.globals.theme ?? 'Light') as DemoThemeName;
  const locale = String(context.globals.locale ?? 'en-US');
  const theme: Theme = { ...createTheme(demoThemes[name] ?? {}), locale };
  return (
    <ThemeProvider theme={theme}>
      <Canvas theme={theme}>
        <Story />
      </Canvas>
    </ThemeProvider>
  );
};

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i }, expanded: true },
    // Accessibility violations fail the story's test in Chromium.
    a11y: { test: 'error' },
    // The demo first: it is what `npm start` shows.
    options: {
      storySort: {
        order: [
          'Demo',
          'Guides',
          [
            'Start here',
            'Embedding',
            'Chat and conversations',
            'Charts and theming',
            'Server and security',
            'Native analytics',
            'Boards',
            'Protocol',
            'Mock and testing',
            'Troubleshooting',
            'API reference',
            'Development',
          ],
          'Embedding',
          'Chat',
          'Charts',
          'Theme',
          'Avatar',
        ],
      },
    },
  },
  globalTypes: {
    theme: {
      description: 'Theme of every story',
      toolbar: { title: 'Theme', icon: 'paintbrush', items: Object.keys(demoThemes), dynamicTitle: true },
    },
    locale: {
      description: 'Locale of every story (numbers, dates, embeds)',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: Object.entries(demoLocales).map(([value, title]) => ({ value, title })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'Light', locale: 'en-US' },
  decorators: [withTheme],
  loaders: [
    // The static build has no dev server behind `__mock/`: a service worker serves the mock.
    async () => {
      if (import.meta.env.PROD) await registerMockWorker(new URL('mock-service-worker.js', window.location.href));
      return {};
    },
  ],
  tags: ['autodocs'],
};

export default preview;
