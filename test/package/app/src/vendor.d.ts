// vega-embed 7.3's own declarations import `Operation` from 'fast-json-patch/index.mjs',
// which ships no types (TS7016 under `skipLibCheck: false`). A host that checks library
// types needs these lines too (README, Troubleshooting); with `skipLibCheck` it does not.
declare module 'fast-json-patch/index.mjs' {
  export type Operation = { op: string; path: string; value?: unknown; from?: string };
}
