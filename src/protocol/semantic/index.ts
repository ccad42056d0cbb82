// The semantic layer's data API and the session path that reaches it: shapes only.
export * from './query';
export * from './meta';
export * from './load';
export * from './session-path';
export * from './result';
export * from './chart-query';
