import type { ReactNode } from 'react';
import { EmbedProvider, type ThemeInput } from '../../src';
import { SemanticProvider, type DataError } from '../../src/react/native';
import { MOCK_BASE_URL, mockSession } from './sessions';

/** Who the native stories sign in as: Erin sees every region, Elias Europe only. */
export const NATIVE_USERS = {
  erin: { externalId: 'story-erin', groups: ['executives'], userProfile: { displayName: 'Erin Executive' } },
  elias: {
    externalId: 'story-elias',
    userAttributes: [{ name: 'region', value: ['Europe'] }],
    userProfile: { displayName: 'Elias Europe' },
  },
} as const;

/** Mock faults for the data API's `/load` only (the session exchange and `/meta` answer as usual). */
export function loadFaults(faults: Record<string, unknown>): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!/\/cubejs-api\/v1\/load/.test(url)) return fetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('X-Mock-Faults', JSON.stringify(faults));
    return fetch(input, { ...init, headers });
  };
}

/** A `/load` that never answers (the loading state, held). */
export const neverLoads: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!/\/cubejs-api\/v1\/load/.test(url)) return fetch(input, init);
  return new Promise(() => {});
};

export interface NativeOptions {
  user?: keyof typeof NATIVE_USERS;
  theme?: ThemeInput;
  fetch?: typeof fetch;
  onError?: (error: DataError) => void;
}

/**
 * The native widgets on the mock, by the session path (the default): the page's
 * `EmbedProvider` mints sessions, the `SemanticProvider` exchanges one for a data token.
 */
export function NativeOnMock({
  user = 'erin',
  theme,
  fetch: ownFetch,
  onError,
  children,
}: NativeOptions & { children: ReactNode }) {
  return (
    <EmbedProvider getSession={mockSession(NATIVE_USERS[user])} baseUrl={MOCK_BASE_URL} theme={theme}>
      <SemanticProvider deploymentId={1} fetch={ownFetch} onError={onError} scope={`story-${user}`}>
        {children}
      </SemanticProvider>
    </EmbedProvider>
  );
}

/** A story decorator around {@link NativeOnMock}. */
export const withNative =
  (options: NativeOptions = {}) =>
  (Story: () => ReactNode) => <NativeOnMock {...options}>{Story()}</NativeOnMock>;
