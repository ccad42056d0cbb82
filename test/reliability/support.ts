import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { chromium, type Browser } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';
import { listenOnLoopback } from '../setup/listen';

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
  return listenOnLoopback(server);
}
