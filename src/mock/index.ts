/**
 * `embedkit/mock`: an in-process mock of the embedding and agent-chat service.
 * @packageDocumentation
 */
export {};
