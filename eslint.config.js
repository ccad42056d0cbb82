import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports each layer may not make: react → protocol, server → protocol, mock → protocol. */
const layer = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist',
      'examples/*/dist',
      'storybook-static',
      'coverage',
      '**/node_modules',
      '**/.next',
      '**/next-env.d.ts',
      'test-results*.json',
      // A copy of the library from another commit, for the server bench (BENCH_SERVER_BEFORE).
      '.bench-before',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx', 'src/react/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/protocol/**'],
    rules: layer([
      { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'protocol is framework-free.' },
      { group: ['../*', '!../protocol'], message: 'protocol imports nothing of ours.' },
      { group: ['node:*'], message: 'protocol runs in browsers and edge runtimes.' },
    ]),
  },
  {
    // A folder inside protocol (semantic/): its siblings are `../x`, the rest of ours `../../x`.
    files: ['src/protocol/*/**'],
    rules: layer([
      { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'protocol is framework-free.' },
      { group: ['../../*', '!../../protocol'], message: 'protocol imports nothing of ours.' },
      { group: ['node:*'], message: 'protocol runs in browsers and edge runtimes.' },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: layer([
      { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'server code never renders.' },
      { group: ['../react', '../react/*', '../mock', '../mock/*'], message: 'server → protocol only.' },
    ]),
  },
  {
    files: ['src/mock/**'],
    rules: layer([
      {
        group: [
          '../react',
          '../react/*',
          '../server',
          '../server/*',
          '../../react',
          '../../react/*',
          '../../server',
          '../../server/*',
        ],
        message: 'mock → protocol only.',
      },
    ]),
  },
  {
    files: ['src/react/**', 'src/index.ts'],
    rules: layer([
      {
        group: ['../mock', '../mock/*', '../../mock', '../../mock/*', './mock'],
        message: 'only tests, stories and the demo import the mock.',
      },
      {
        group: ['../server', '../server/*', '../../server', '../../server/*', './server'],
        message: 'server code never ships to a browser.',
      },
    ]),
  },
  {
    // The agent-spec allow-list is a security boundary: it checks untrusted specs and depends
    // on nothing of ours above it (charts use it, never the other way).
    files: ['src/react/charts/agent-spec/**'],
    rules: layer([
      {
        group: ['../*', '../../*'],
        message: 'the agent-spec allow-list depends on nothing of ours outside its folder.',
      },
      { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'the allow-list is plain code, no React.' },
    ]),
  },
);
