import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { AgentChat, EmbeddedDashboard, EmbedProvider, type ThemeInput } from '../src';
import { mockTransport } from './support/chat';
import { MOCK_BASE_URL, mockSession } from './support/sessions';

const themes: Record<string, ThemeInput> = {
  Light: {},
  Dark: { colorScheme: 'dark' },
  Ocean: {
    colors: { primary: '#0e7490', surface: '#ecfeff', border: '#a5f3fc' },
    fonts: { body: 'Georgia, serif' },
    chart: { palette: ['#0e7490', '#0891b2', '#22d3ee', '#f59e0b', '#ef4444'] },
  },
};

const users = {
  'Erin (executive, every region)': {
    externalId: 'demo-erin',
    groups: ['executives'],
    userProfile: { displayName: 'Erin Executive' },
  },
  'Elias (Europe only)': {
    externalId: 'demo-elias',
    userAttributes: [{ name: 'region', value: ['Europe'] }],
    userProfile: { displayName: 'Elias Europe' },
  },
};

type UserName = keyof typeof users;

/**
 * The whole library on the mock backend: a signed dashboard and the analyst chat for the
 * chosen user, one theme for both. Switch the user to see row-level security; switch the
 * theme to see charts, chat and the live iframe follow.
 */
function DemoApp() {
  const [themeName, setThemeName] = useState('Light');
  const [userName, setUserName] = useState<UserName>('Erin (executive, every region)');
  const user = users[userName];
  const dark = themeName === 'Dark';
  return (
    <EmbedProvider getSession={mockSession(user)} baseUrl={MOCK_BASE_URL} theme={themes[themeName]}>
      <div
        style={{
          display: 'grid',
          gridTemplateRows: 'auto 1fr',
          height: '100vh',
          background: dark ? '#0f172a' : '#f1f5f9',
          color: dark ? '#f1f5f9' : '#0f172a',
          fontFamily: 'system-ui, sans-serif',
        }}
      >
        <header style={{ display: 'flex', gap: 16, alignItems: 'center', padding: '10px 16px', flexWrap: 'wrap' }}>
          <strong>embedkit demo</strong>
          <label>
            User{' '}
            <select value={userName} onChange={(event) => setUserName(event.target.value as UserName)}>
              {Object.keys(users).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
          <label>
            Theme{' '}
            <select value={themeName} onChange={(event) => setThemeName(event.target.value)}>
              {Object.keys(themes).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        </header>
        <main
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
            gap: 16,
            padding: '0 16px 16px',
            minHeight: 0,
          }}
        >
          <section aria-label="Dashboard" style={{ overflow: 'auto' }}>
            <EmbeddedDashboard
              key={userName}
              publicId="sales-overview"
              deploymentId={1}
              title="Sales overview"
              minHeight={300}
            />
          </section>
          <section aria-label="Analyst chat" style={{ minHeight: 0 }}>
            <AgentChat
              key={userName}
              transport={mockTransport(user.externalId)}
              user={{ displayName: user.userProfile.displayName }}
              showThinking
            />
          </section>
        </main>
      </div>
    </EmbedProvider>
  );
}

const meta = {
  title: 'Demo/App',
  component: DemoApp,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DemoApp>;

export default meta;

/** The demo `npm start` opens. */
export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.ek-embed[data-phase="ready"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    await expect(canvas.getByRole('button', { name: 'Revenue by region' })).toBeVisible();
  },
};
