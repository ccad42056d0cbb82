// Boards: the definition (versioned JSON), its reading and migration, and the store interface.
export * from './widget';
export * from './definition';
export * from './store';
export * from './checks';
export * from './api-client';
export * from './layout';
export * from './merge';
