/**
 * `react-embedded-analytics`: React components and hooks for embedded analytics. Framework-free wire
 * types live in `react-embedded-analytics/protocol`; server-only code in `react-embedded-analytics/server`.
 * @packageDocumentation
 */
export * from './react';
