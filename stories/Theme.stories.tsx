import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import {
  Avatar,
  contrastRatio,
  createTheme,
  ResultChart,
  ResultTable,
  ThemeProvider,
  themeToCssVariables,
  themeToEmbedTheme,
  useTheme,
  type Theme,
  type ThemeInput,
} from '../src';
import type { SqlResult } from '../src/protocol';
import { demoThemes } from '../demo/themes';
import { sqlResultFor } from './support/mock-results';

/** Contrast pairs the library relies on, with the WCAG AA minimum each needs. */
const CONTRAST_PAIRS = [
  ['text', 'background', 4.5],
  ['text', 'surface', 4.5],
  ['muted', 'background', 4.5],
  ['muted', 'surface', 4.5],
  ['primary', 'background', 3],
  ['danger', 'background', 4.5],
] as const;

const cell = { padding: '6px 10px', borderBottom: '1px solid var(--ek-color-border)', textAlign: 'left' } as const;

function Swatch({ value }: { value: string }) {
  if (!/^#|^rgb|^hsl/.test(value)) return null;
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 20,
        height: 20,
        marginRight: 8,
        verticalAlign: 'middle',
        background: value,
        border: '1px solid var(--ek-color-border)',
        borderRadius: 4,
      }}
    />
  );
}

/** Every token of the theme in effect: CSS variable, value, and where it goes. */
function TokenTable({ theme }: { theme: Theme }) {
  const variables = Object.entries(themeToCssVariables(theme));
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, padding: '8px 0' }}>CSS variables</caption>
      <thead>
        <tr>
          <th style={cell}>Variable</th>
          <th style={cell}>Value</th>
        </tr>
      </thead>
      <tbody>
        {variables.map(([name, value]) => (
          <tr key={name}>
            <td style={cell}>
              <code>{name}</code>
            </td>
            <td style={cell}>
              <Swatch value={value} />
              <code>{value}</code>
            </td>
          </tr>
        ))}
        {theme.chart.palette.map((color, index) => (
          <tr key={`palette-${index}`}>
            <td style={cell}>
              <code>chart.palette[{index}]</code>
            </td>
            <td style={cell}>
              <Swatch value={color} />
              <code>{color}</code>
            </td>
          </tr>
        ))}
        <tr>
          <td style={cell}>
            <code>locale</code>
          </td>
          <td style={cell}>
            <code>{theme.locale ?? '(browser default)'}</code>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function ContrastTable({ theme }: { theme: Theme }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, padding: '8px 0' }}>Contrast (WCAG AA)</caption>
      <thead>
        <tr>
          <th style={cell}>Pair</th>
          <th style={cell}>Ratio</th>
          <th style={cell}>Needs</th>
        </tr>
      </thead>
      <tbody>
        {CONTRAST_PAIRS.map(([fg, bg, minimum]) => {
          const ratio = contrastRatio(theme.colors[fg], theme.colors[bg]);
          return (
            <tr key={`${fg}-${bg}`}>
              <td style={cell}>
                {fg} on {bg}
              </td>
              <td style={cell}>
                {ratio === null ? 'n/a' : `${ratio.toFixed(2)}:1`}{' '}
                {ratio !== null && (ratio >= minimum ? '✓' : '✗ too low')}
              </td>
              <td style={cell}>{minimum}:1</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The library's parts under the theme in effect. */
function LivePreview({ result }: { result: SqlResult | undefined }) {
  const theme = useTheme();
  return (
    <div
      style={{
        display: 'grid',
        gap: 16,
        padding: 16,
        background: theme.colors.surface,
        color: theme.colors.text,
        fontFamily: theme.fonts.body,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radius,
      }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Avatar name="Ada Lovelace" size={40} />
        <Avatar name="Grace Hopper" size={40} />
        <span>
          Body text in <strong style={{ color: theme.colors.primary }}>primary</strong>,{' '}
          <span style={{ color: theme.colors.muted }}>muted</span> and{' '}
          <span style={{ color: theme.colors.danger }}>danger</span>.
        </span>
      </div>
      {result && <ResultChart result={result} />}
      {result && <ResultTable result={result} pageSize={5} label="Revenue by region, as a table" />}
      <details>
        <summary>Embed theme sent to iframes</summary>
        <pre style={{ fontFamily: theme.fonts.mono, fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(themeToEmbedTheme(theme), null, 2)}
        </pre>
      </details>
    </div>
  );
}

function ThemePage({ result }: { result: SqlResult | undefined }) {
  const theme = useTheme();
  return (
    <div style={{ display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))' }}>
      <section aria-label="Tokens">
        <h2 style={{ marginTop: 0 }}>Tokens ({theme.colorScheme})</h2>
        <TokenTable theme={theme} />
        <ContrastTable theme={theme} />
      </section>
      <section aria-label="Live preview">
        <h2 style={{ marginTop: 0 }}>Live preview</h2>
        <LivePreview result={result} />
      </section>
    </div>
  );
}

/** Args of the custom theme story: the overrides a designer tries. */
interface ThemeArgs {
  primary: string;
  background: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  danger: string;
  radius: number;
  density: Theme['density'];
  font: string;
}

function CustomTheme(args: ThemeArgs & { result?: SqlResult }) {
  const input: ThemeInput = {
    colors: {
      primary: args.primary,
      background: args.background,
      surface: args.surface,
      text: args.text,
      muted: args.muted,
      border: args.border,
      danger: args.danger,
    },
    fonts: { body: args.font },
    radius: args.radius,
    density: args.density,
  };
  return (
    <ThemeProvider theme={input}>
      <ThemePage result={args.result} />
    </ThemeProvider>
  );
}

const meta = {
  title: 'Theme/Tokens',
  component: CustomTheme,
  parameters: {
    docs: {
      description: {
        component:
          'One theme drives the `--ek-*` CSS variables, every chart (`themeToVegaConfig`) and the embed theme sent to iframes. Switch the toolbar theme and locale to see every story follow.',
      },
    },
  },
  loaders: [async () => ({ result: await sqlResultFor('revenue by region') })],
  // The Custom story's overrides (the other stories follow the toolbar and take no args).
  args: {
    primary: '#0f766e',
    background: '#ffffff',
    surface: '#f0fdfa',
    text: '#134e4a',
    muted: '#115e59',
    border: '#99f6e4',
    danger: '#b91c1c',
    radius: 10,
    density: 'comfortable',
    font: "'Trebuchet MS', system-ui, sans-serif",
  },
  argTypes: {
    density: { control: 'inline-radio', options: ['compact', 'comfortable', 'spacious'] },
    radius: { control: { type: 'range', min: 0, max: 24 } },
  },
} satisfies Meta<typeof CustomTheme>;

export default meta;
type Story = StoryObj<typeof meta>;

const light = createTheme();

/** Every token of the toolbar's theme, with its value and contrast, and a live preview. */
export const Tokens: Story = {
  parameters: { controls: { disable: true } },
  render: (_args, { loaded }) => <ThemePage result={(loaded as { result: SqlResult }).result} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of Object.keys(themeToCssVariables(light))) await expect(canvas.getByText(name)).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('.ek-chart svg, .ek-chart canvas')).not.toBeNull(), {
      timeout: 10_000,
    });
  },
};

/** Try a theme: every colour, the radius, density and font are controls. */
export const Custom: Story = {
  render: (args, { loaded }) => <CustomTheme {...args} result={(loaded as { result: SqlResult }).result} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('#0f766e').length).toBeGreaterThan(0);
  },
};

/** The four themes of the toolbar side by side, tokens and contrast. */
export const AllThemes: Story = {
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
      {Object.entries(demoThemes).map(([name, input]) => {
        const theme = createTheme(input as ThemeInput);
        return (
          <section
            key={name}
            aria-label={`${name} theme`}
            style={{
              padding: 12,
              background: theme.colors.background,
              color: theme.colors.text,
              fontFamily: theme.fonts.body,
              border: `1px solid ${theme.colors.border}`,
              borderRadius: theme.radius,
            }}
          >
            <h2 style={{ marginTop: 0, fontSize: 18 }}>{name}</h2>
            <ContrastTable theme={theme} />
          </section>
        );
      })}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/too low/)).toBeNull();
  },
};
