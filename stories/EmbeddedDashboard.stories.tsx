import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  EMBED_SANDBOX,
  EmbeddedDashboard,
  EmbedProvider,
  type EmbeddedDashboardHandle,
  type GetSession,
  type ThemeInput,
} from '../src';
import { MOCK_BASE_URL, mockSession } from './support/sessions';

const meta = {
  title: 'Embedding/EmbeddedDashboard',
  component: EmbeddedDashboard,
  args: { publicId: 'sales-overview', deploymentId: 1, title: 'Sales overview' },
  parameters: { layout: 'padded' },
  argTypes: {
    surface: { control: 'inline-radio', options: ['dashboard', 'chat', 'app'] },
    height: { control: 'number' },
    locale: { control: 'text' },
  },
  // The toolbar's locale reaches the iframe unless the story sets its own.
  render: (args, { globals }) => <EmbeddedDashboard {...args} locale={args.locale ?? globals.locale} />,
} satisfies Meta<typeof EmbeddedDashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

const frame = (canvasElement: HTMLElement) => canvasElement.querySelector('iframe');
const phase = (canvasElement: HTMLElement) => canvasElement.querySelector('.ek-embed')?.getAttribute('data-phase');
const waitForPhase = (canvasElement: HTMLElement, expected: string) =>
  waitFor(() => expect(phase(canvasElement)).toBe(expected), { timeout: 10_000 });

function withProvider(getSession: GetSession, theme?: ThemeInput) {
  return (Story: () => React.ReactNode) => (
    <EmbedProvider getSession={getSession} baseUrl={MOCK_BASE_URL} defaults={{ lazy: false }} theme={theme}>
      {Story()}
    </EmbedProvider>
  );
}

/** Ready: the mock's dashboard for a user who sees every region. */
export const Ready: Story = {
  decorators: [
    withProvider(
      mockSession({ externalId: 'story-exec', groups: ['executives'], userProfile: { displayName: 'Erin Executive' } }),
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitForPhase(canvasElement, 'ready');
    await waitFor(() =>
      expect(frame(canvasElement)!.contentDocument!.body.textContent).toContain('Signed in as Erin Executive'),
    );
  },
};

/** Loading: the session is on its way (this one never arrives). */
export const Loading: Story = {
  decorators: [withProvider(() => new Promise<string>(() => {}))],
  play: async ({ canvasElement }) => {
    // 'idle' until the first effect has run, then 'minting' for good.
    await waitForPhase(canvasElement, 'minting');
    await expect(within(canvasElement).getByText('Loading Sales overview')).toBeInTheDocument();
  },
};

/** The embed rejects the session: the error state, and Retry mints a new one. */
export const ErrorAndRetry: Story = {
  decorators: [
    (Story) => {
      const [calls] = useState(() => ({ count: 0 }));
      const good = mockSession({ externalId: 'story-retry' });
      const getSession: GetSession = async (context) => (++calls.count === 1 ? 'not-a-session' : good(context));
      return withProvider(getSession)(Story);
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Invalid session');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await waitForPhase(canvasElement, 'ready');
  },
};

/** The host's backend answered with an expired session: refused before loading, with Retry. */
export const ExpiredSession: Story = {
  decorators: [withProvider(async () => ({ sessionId: 'expired-session', expiresAt: Date.now() - 60_000 }))],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(/expired/);
    await expect(frame(canvasElement)).toBeNull();
  },
};

/** Generate Session fails for good (a 4xx is not retried). */
export const SessionRefused: Story = {
  decorators: [withProvider(mockSession({ externalId: 'story-bad', groups: ['no-such-group'] }))],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Groups with names no-such-group not found');
  },
};

/** The host's session route answers 401 (nobody signed in): the error state asks to sign in. */
export const NotSignedIn: Story = {
  decorators: [
    withProvider(async () => {
      throw Object.assign(new Error('session route: 401'), { status: 401 });
    }),
  ],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Sign in to see this (session route: 401)');
  },
};

const signIn = { current: true };

function SignOutAndReload(props: React.ComponentProps<typeof EmbeddedDashboard>) {
  const handle = useRef<EmbeddedDashboardHandle>(null);
  return (
    <>
      <button
        type="button"
        style={{ marginBottom: 8 }}
        onClick={() => {
          signIn.current = false;
          handle.current?.reload();
        }}
      >
        Sign out and reload
      </button>
      <EmbeddedDashboard {...props} ref={handle} />
    </>
  );
}

/** The sign-in ended after the dashboard loaded: the session route answers 401 on reload. */
export const SignInEnded: Story = {
  decorators: [
    (Story) => {
      useState(() => (signIn.current = true)); // signed in again whenever the story mounts
      const good = mockSession({ externalId: 'story-ended' });
      const getSession: GetSession = async (context) => {
        if (signIn.current) return good(context);
        throw Object.assign(new Error('session route: 401'), { status: 401 });
      };
      return withProvider(getSession)(Story);
    },
  ],
  render: (args) => <SignOutAndReload {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForPhase(canvasElement, 'ready');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out and reload' }));
    const alert = await canvas.findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Your sign-in has ended: sign in again, then retry (session route: 401)');
  },
};

function AutoHeight() {
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  return (
    <>
      <div role="group" aria-label="Country filter" style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        <button type="button" onClick={() => setFilters({ 'orders.country': ['Japan'] })}>
          Only Japan
        </button>
        <button type="button" onClick={() => setFilters({})}>
          All countries
        </button>
      </div>
      <EmbeddedDashboard
        publicId="country-breakdown"
        deploymentId={1}
        title="Country breakdown"
        filters={filters}
        minHeight={120}
      />
    </>
  );
}

/** Auto-height: the frame grows and shrinks with the content (filters go over postMessage). */
export const AutoHeightFollowsContent: Story = {
  decorators: [withProvider(mockSession({ externalId: 'story-height', groups: ['executives'] }))],
  render: () => <AutoHeight />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForPhase(canvasElement, 'ready');
    const height = () => parseFloat((canvasElement.querySelector('.ek-embed') as HTMLElement).style.height);
    await waitFor(() => expect(height()).toBeGreaterThan(200));
    const tall = height();
    await userEvent.click(canvas.getByRole('button', { name: 'Only Japan' }));
    await waitFor(() => expect(height()).toBeLessThan(tall));
    await userEvent.click(canvas.getByRole('button', { name: 'All countries' }));
    await waitFor(() => expect(height()).toBe(tall));
  },
};

function ThemeSwitch() {
  const [dark, setDark] = useState(false);
  const theme: ThemeInput = dark
    ? { colorScheme: 'dark', colors: { primary: '#f59e0b' } }
    : { colors: { primary: '#0e7490' } };
  return (
    <EmbedProvider
      getSession={mockSession({ externalId: 'story-theme', groups: ['executives'] })}
      baseUrl={MOCK_BASE_URL}
      defaults={{ lazy: false }}
      theme={theme}
    >
      <button type="button" onClick={() => setDark(!dark)} style={{ marginBottom: 8 }}>
        {dark ? 'Light theme' : 'Dark theme'}
      </button>
      <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales overview" />
    </EmbedProvider>
  );
}

/** Switching the theme re-themes the live iframe without reloading it. */
export const LiveThemeSwitch: Story = {
  render: () => <ThemeSwitch />,
  play: async ({ canvasElement }) => {
    await waitForPhase(canvasElement, 'ready');
    const iframe = frame(canvasElement)!;
    const root = () => iframe.contentDocument!.documentElement;
    await waitFor(() => expect(root().style.getPropertyValue('--primary')).toBe('#0e7490'));
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Dark theme' }));
    await waitFor(() => expect(root().style.getPropertyValue('--primary')).toBe('#f59e0b'));
    await waitFor(() => expect(root().dataset.scheme).toBe('dark'));
    await expect(frame(canvasElement)).toBe(iframe);
  },
};

/** Two users side by side: row-level security shows each only their region. */
export const TwoUsersSideBySide: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      {[
        ['Europe', 'story-eu'],
        ['Asia Pacific', 'story-apac'],
      ].map(([region, user]) => (
        <section key={user} aria-label={`${region} user`}>
          <EmbedProvider
            getSession={mockSession({
              externalId: user,
              userAttributes: [{ name: 'region', value: [region] }],
              userProfile: { displayName: `${region} manager` },
            })}
            baseUrl={MOCK_BASE_URL}
            defaults={{ lazy: false }}
          >
            <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title={`Sales for ${region}`} />
          </EmbedProvider>
        </section>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const frames = () => [...canvasElement.querySelectorAll('iframe')];
    await waitFor(() => expect(canvasElement.querySelectorAll('.ek-embed[data-phase="ready"]')).toHaveLength(2), {
      timeout: 10_000,
    });
    const [europe, apac] = frames().map(
      (f) => f.contentDocument!.querySelector('[data-widget="Revenue by region"]')!.textContent!,
    );
    await expect(europe).toContain('Europe');
    await expect(europe).not.toContain('Asia Pacific');
    await expect(apac).toContain('Asia Pacific');
    await expect(apac).not.toContain('Europe');
  },
};

/** The embedded chat surface of the service, for the same session model. */
export const ChatSurface: Story = {
  args: { surface: 'chat', publicId: undefined, title: 'Analytics chat' },
  decorators: [withProvider(mockSession({ externalId: 'story-chat' }))],
  play: async ({ canvasElement }) => waitForPhase(canvasElement, 'ready'),
};

const exec = () =>
  mockSession({ externalId: 'story-exec', groups: ['executives'], userProfile: { displayName: 'Erin Executive' } });

/** Initial filters go into the URL: a Europe-only view for a user who may see everything. */
export const InitialFilters: Story = {
  args: { filters: { 'orders.region': ['Europe'] } },
  decorators: [withProvider(exec())],
  play: async ({ canvasElement }) => {
    await waitForPhase(canvasElement, 'ready');
    const widget = () =>
      frame(canvasElement)!.contentDocument!.querySelector('[data-widget="Revenue by region"]')?.textContent ?? '';
    await waitFor(() => expect(widget()).toContain('Europe'));
    await expect(widget()).not.toContain('North America');
  },
};

/** A fixed height instead of following the content. */
export const FixedHeight: Story = {
  args: { height: 260 },
  decorators: [withProvider(exec())],
  play: async ({ canvasElement }) => {
    await waitForPhase(canvasElement, 'ready');
    await expect(frame(canvasElement)!.style.height).toBe('260px');
  },
};

/** The locale goes to the embed: numbers in German grouping. */
export const GermanLocale: Story = {
  args: { locale: 'de-DE' },
  decorators: [withProvider(exec())],
  play: async ({ canvasElement }) => {
    await waitForPhase(canvasElement, 'ready');
    await waitFor(() => expect(frame(canvasElement)!.contentDocument!.body.textContent).toMatch(/\d\.\d{3}\.\d{3}/));
  },
};

/** The iframe never reports ready in time: the load-timeout error, with Retry. */
export const LoadTimeout: Story = {
  args: { loadTimeoutMs: 1 },
  decorators: [withProvider(exec())],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** The host's own loading and error states (`renderLoading`, `renderError`). */
export const CustomStates: Story = {
  args: {
    renderLoading: () => <p>Fetching your numbers…</p>,
    renderError: ({ error, retry }) => (
      <div role="alert">
        <p>We could not open this dashboard ({error.kind}).</p>
        <button type="button" onClick={retry}>
          Try again
        </button>
      </div>
    ),
  },
  decorators: [withProvider(mockSession({ externalId: 'story-custom', groups: ['no-such-group'] }))],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('We could not open this dashboard (session).');
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A `baseUrl` that is not https (http only on localhost): refused before any session is minted. */
export const ConfigurationRefused: Story = {
  decorators: [
    (Story) => (
      <EmbedProvider getSession={exec()} baseUrl="javascript:alert(document.domain)//" defaults={{ lazy: false }}>
        {Story()}
      </EmbedProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('is not an https URL');
    await expect(frame(canvasElement)).toBeNull();
  },
};

/** Sandboxed with `EMBED_SANDBOX` (`sandbox`): the embed works, and cannot open popups or navigate the page. */
export const Sandboxed: Story = {
  args: { sandbox: true },
  decorators: [withProvider(exec())],
  play: async ({ canvasElement }) => {
    await waitForPhase(canvasElement, 'ready');
    await expect(frame(canvasElement)).toHaveAttribute('sandbox', EMBED_SANDBOX);
  },
};
