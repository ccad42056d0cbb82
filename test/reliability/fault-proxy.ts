// A fault-injecting HTTP proxy for tests: real HTTP over loopback between a client (the
// chat store's fetch, a browser) and a server (the mock behind `startMockServer`). Each
// request is classified (a question sent, a re-join, a thread reload, an abort) and a plan
// decides what happens to it: answered with a status or an HTML page instead (forwarded or
// not), cut after N lines or bytes, ended cleanly early, stalled, or delayed.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../setup/listen';

/** What the proxy does to one request. No field set: forwarded untouched. */
export interface Fault {
  /** Answer with this status (and `body`, `contentType`, `retryAfter`) instead of the upstream's response. */
  status?: number;
  /** `Retry-After` of the answer given with `status`. */
  retryAfter?: string;
  /** Content type of the answer given with `status`. Default `application/json`. */
  contentType?: string;
  /** Body of the answer given with `status`. Default `{"error":"Injected by the fault proxy"}`. */
  body?: string;
  /** With `status`: the request still reaches the upstream (a gateway failing after forwarding). */
  forward?: boolean;
  /** Wait this long before sending anything back (headers included). */
  delayMs?: number;
  /** Destroy the connection after N complete lines of the body (0: right after the headers). */
  cutAfterLines?: number;
  /** Destroy the connection after N bytes of the body (mid-line, usually). */
  cutAfterBytes?: number;
  /** End the body cleanly after N lines, as a proxy closing it early would. */
  endAfterLines?: number;
  /** After N lines send nothing more, keeping the connection open (or for `stallMs`, then go on). */
  stallAfterLines?: number;
  /** With `stallAfterLines`: how long the stall lasts; default until the client goes away. */
  stallMs?: number;
}

/** A request as the proxy saw it. */
export interface ProxiedRequest {
  /** 0-based, over every request the proxy received. */
  index: number;
  /** `send`: a question with a new messageId; `rejoin`: one seen before; `reload`: no input. */
  kind: 'send' | 'rejoin' | 'reload' | 'abort' | 'other';
  /** 0-based, over the requests of its kind. */
  ordinal: number;
  body: Record<string, unknown>;
  /** When it arrived (`Date.now()`). */
  at: number;
  fault: Fault | undefined;
}

/** A running proxy. */
export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: the upstream's paths work under it unchanged. */
  url: string;
  /** Every request received, in order. */
  readonly requests: ProxiedRequest[];
  /** Requests of one kind. */
  count(kind: ProxiedRequest['kind']): number;
  close(): Promise<void>;
}

/** An error page as nginx answers it, for `{ status: 200, contentType: 'text/html', body: NGINX_PAGE }`. */
export const NGINX_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** The HTML page of a gateway, answered as HTTP 200. */
export const htmlPage = (contentType = 'text/html', extra: Fault = {}): Fault => ({
  status: 200,
  contentType,
  body: NGINX_PAGE,
  ...extra,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a proxy on 127.0.0.1 (port 0) in front of `upstream` (an origin). `plan` decides
 * each request's fault from what it is; the default forwards everything.
 */
export async function startFaultProxy(
  upstream: string,
  plan: (request: ProxiedRequest) => Fault | undefined = () => undefined,
): Promise<FaultProxy> {
  const target = new URL(upstream);
  const requests: ProxiedRequest[] = [];
  const messageIds = new Set<string>();

  const server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      // Not JSON: classified as other.
    }
    const path = req.url ?? '/';
    const messageId = typeof body.messageId === 'string' ? body.messageId : undefined;
    const kind: ProxiedRequest['kind'] = path.endsWith('/abort')
      ? 'abort'
      : !path.endsWith('/stream-chat-state')
        ? 'other'
        : body.input === undefined
          ? 'reload'
          : messageId !== undefined && messageIds.has(messageId)
            ? 'rejoin'
            : 'send';
    if (messageId !== undefined) messageIds.add(messageId);
    const ordinal = requests.filter((r) => r.kind === kind).length;
    const request: ProxiedRequest = { index: requests.length, kind, ordinal, body, at: Date.now(), fault: undefined };
    request.fault = plan(request);
    requests.push(request);
    const fault = request.fault ?? {};

    const upstreamRequest = () =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const headers = { ...req.headers, host: target.host };
        const out = forward({ host: target.hostname, port: target.port, method: req.method, path, headers }, resolve);
        out.on('error', reject);
        res.on('close', () => out.destroy());
        out.end(raw);
      });

    if (fault.status !== undefined) {
      if (fault.forward) {
        // The upstream gets the request; its answer is dropped (the gateway gave up on it).
        void upstreamRequest().then(
          (answer) => answer.destroy(),
          () => {},
        );
      }
      if (fault.delayMs) await sleep(fault.delayMs);
      const answer = fault.body ?? '{"error":"Injected by the fault proxy"}';
      res.writeHead(fault.status, {
        'Content-Type': fault.contentType ?? 'application/json',
        ...(fault.retryAfter !== undefined ? { 'Retry-After': fault.retryAfter } : {}),
      });
      res.end(answer);
      return;
    }

    let answer: IncomingMessage;
    try {
      answer = await upstreamRequest();
    } catch {
      res.destroy();
      return;
    }
    if (fault.delayMs) await sleep(fault.delayMs);
    if (res.destroyed) {
      answer.destroy();
      return;
    }
    const headers = { ...answer.headers };
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    delete headers.connection;
    res.writeHead(answer.statusCode ?? 502, headers);
    res.flushHeaders();

    let lines = 0;
    let bytes = 0;
    let stalled = false;
    const limit = (n: number | undefined) => n !== undefined && lines >= n;
    /** What happens once `lines`/`bytes` reached a limit; false to go on. */
    const act = async (): Promise<'stop' | 'go'> => {
      if (limit(fault.cutAfterLines) || (fault.cutAfterBytes !== undefined && bytes >= fault.cutAfterBytes)) {
        answer.destroy();
        // Let what was written reach the client before the connection goes.
        await new Promise<void>((resolve) => res.write('', () => resolve()));
        res.destroy();
        return 'stop';
      }
      if (limit(fault.endAfterLines)) {
        answer.destroy();
        res.end();
        return 'stop';
      }
      if (!stalled && limit(fault.stallAfterLines)) {
        stalled = true;
        if (fault.stallMs === undefined) {
          answer.destroy();
          return 'stop'; // open until the client goes away (or the proxy closes)
        }
        answer.pause();
        await sleep(fault.stallMs);
        answer.resume();
      }
      return 'go';
    };

    if ((await act()) === 'stop') return;
    try {
      for await (const chunk of answer) {
        let data = chunk as Buffer;
        while (data.length > 0) {
          // Write up to the next line end (or the byte limit), then check the limits.
          let end = data.indexOf(10) + 1 || data.length;
          if (fault.cutAfterBytes !== undefined) end = Math.min(end, Math.max(fault.cutAfterBytes - bytes, 0) || end);
          const piece = data.subarray(0, end);
          data = data.subarray(end);
          if (res.destroyed) return;
          res.write(piece);
          bytes += piece.length;
          if (piece[piece.length - 1] === 10) lines++;
          if ((await act()) === 'stop') return;
        }
      }
    } catch {
      res.destroy(); // the upstream dropped: so does the proxy
      return;
    }
    res.end();
  }

  const { origin, close } = await listenOnLoopback(server);
  return { url: origin, requests, count: (kind) => requests.filter((r) => r.kind === kind).length, close };
}
