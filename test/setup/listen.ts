import type { Server } from 'node:http';

/** A server listening on loopback: its origin, and a close that also ends open connections. */
export interface Listening {
  origin: string;
  close(): Promise<void>;
}

/** Listens on a free loopback port (127.0.0.1). */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
