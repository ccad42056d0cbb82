/**
 * `embedkit/server`: code for a host's backend (Node 20+ or an edge runtime). Never import
 * it from browser code: it handles the account's API key.
 * @packageDocumentation
 */
export {};
