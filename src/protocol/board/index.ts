// Boards: the definition (versioned JSON), its reading, migration and limits, and the store interface.
export * from './widget';
export * from './limits';
export * from './definition';
export * from './store';
export * from './checks';
export * from './api-client';
export * from './layout';
export * from './merge';
