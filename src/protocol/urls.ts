/** Where an agent's Chat API lives (the real service: `https://ai.{cloudRegion}.<domain>`). */
export interface ChatUrlParts {
  /** Origin of the AI API, e.g. `https://ai.aws-us-east-1.example.dev`, or the mock's URL. */
  origin: string;
  accountName: string;
  agentId: string;
  /**
   * Cloud region. The real service carries it in the host name; where one origin serves
   * every region (the mock), pass it here and it becomes the path prefix `/ai/{cloudRegion}`.
   */
  cloudRegion?: string;
}

/** The Chat API URL: `{origin}[/ai/{cloudRegion}]/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state`. */
export function chatStreamUrl({ origin, accountName, agentId, cloudRegion }: ChatUrlParts): string {
  const base = origin.replace(/\/+$/, '');
  const region = cloudRegion === undefined ? '' : `/ai/${encodeURIComponent(cloudRegion)}`;
  return `${base}${region}/api/v1/public/${encodeURIComponent(accountName)}/agents/${encodeURIComponent(agentId)}/chat/stream-chat-state`;
}

/**
 * How the abort URL is made from the chat URL: `spec` appends `/abort` to the
 * `stream-chat-state` segment; `service` replaces that segment with `abort` (the vendor's docs).
 */
export type AbortUrlStyle = 'spec' | 'service';

/** The Abort URL for a Chat URL. */
export function chatAbortUrl(chatUrl: string, style: AbortUrlStyle = 'spec'): string {
  const url = new URL(chatUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = style === 'spec' ? `${path}/abort` : path.replace(/\/stream-chat-state$/, '/abort');
  return url.toString();
}

/** A deployment id: a positive safe integer (it becomes a path segment of embed URLs). */
export const isDeploymentId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * Why `url` cannot be a service URL the browser loads (an embed's `baseUrl` or `src`), or
 * undefined when it can: it must be absolute `https:`, or `http:` on localhost, 127.0.0.1 or
 * [::1], without credentials. `javascript:`, `data:`, `//host` and '' are refused.
 */
export function serviceUrlProblem(url: unknown): string | undefined {
  try {
    const { protocol, hostname, username, password } = new URL(url as string);
    if (
      !username &&
      !password &&
      (protocol === 'https:' || (protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname)))
    )
      return undefined;
  } catch {
    // Not an absolute URL.
  }
  return `${JSON.stringify(url)} is not an https URL (http only on localhost)`;
}
