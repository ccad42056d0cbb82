import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { chromium, type Browser } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';

/** Launches the Debian Chromium with the test flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Serves `html` at `/` and hands every other request to `handler`, on loopback port 0. */
export async function servePage(
  html: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
  headers: Record<string, string> = {},
) {
  const server = createServer((req, res) => {
    if (req.url === '/') {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.setHeader('Content-Type', 'text/html');
      res.end(html);
      return;
    }
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
