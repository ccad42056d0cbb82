// The explorer's state as data (no React): read by `react-embedded-analytics/explore`, which
// re-exports it; not exported from the protocol root (its budget has no room).
export * from './state';
export { exploreStateFromQuery } from './from-query';
