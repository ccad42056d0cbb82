// Loaded with the data client: the protocol's cleaning, shared with the server's prefetch.
export { cleanValues } from '../../../protocol/semantic/clean-values';
