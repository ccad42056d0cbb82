/**
 * `embedkit`: React components and hooks for embedded analytics. Framework-free wire
 * types live in `embedkit/protocol`; server-only code in `embedkit/server`.
 * @packageDocumentation
 */
export * from './react';
