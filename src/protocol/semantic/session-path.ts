import { SecurityContextSchema, UserAttributeValueSchema } from '../session';
import { v, type Infer } from '../schema';

/** Body of `POST /api/v1/embed/session/token`: the single-use session is the credential. */
export const EmbedTokenRequestSchema = v.object({ sessionId: v.string() });
/** `{ sessionId }`, exchanged once. */
export type EmbedTokenRequest = Infer<typeof EmbedTokenRequestSchema>;

/** Answer of the exchange: an embed token, sent as `Authorization: Embed-Token <token>`. */
export const EmbedTokenResponseSchema = v.object({ token: v.string() });
/** `{ token }`. */
export type EmbedTokenResponse = Infer<typeof EmbedTokenResponseSchema>;

/** Answer of `GET /api/v1/deployments/{id}`: where the deployment's data API lives. */
export const DeploymentResponseSchema = v.object({
  /** Origin (and path) of the semantic layer; its REST API is at `{deploymentUrl}/cubejs-api/v1`. */
  deploymentUrl: v.string(),
  id: v.optional(v.number()),
  name: v.optional(v.string()),
});
/** `{ deploymentUrl }` (other fields of the deployment are kept). */
export type DeploymentResponse = Infer<typeof DeploymentResponseSchema>;

/** Answer of `POST /api/v1/deployments/{id}/token`: a data token for the session's identity. */
export const DeploymentTokenResponseSchema = v.object({ cubeApiToken: v.string() });
/** `{ cubeApiToken }`. */
export type DeploymentTokenResponse = Infer<typeof DeploymentTokenResponseSchema>;

/** The `Authorization` header value for an embed token. */
export const embedTokenAuthorization = (token: string): string => `Embed-Token ${token}`;

const identity = {
  externalId: v.optional(v.string()),
  internalId: v.optional(v.string()),
  email: v.optional(v.string()),
  groups: v.optional(v.array(v.string())),
  userAttributes: v.optional(v.array(UserAttributeValueSchema)),
  securityContext: v.optional(SecurityContextSchema),
};

/**
 * The identity a data token carries, the same as Generate Session's: its payload is the
 * security context the data API applies row-level security from.
 */
export const DataTokenIdentitySchema = v.object({ ...identity });
/** Who a data token is for, and what they may see. */
export type DataTokenIdentity = Infer<typeof DataTokenIdentitySchema>;

/** A data token's JWT payload: the identity, with its times (seconds since the epoch). */
export const DataTokenPayloadSchema = v.object({
  ...identity,
  iat: v.optional(v.number()),
  exp: v.optional(v.number()),
});
/** See {@link DataTokenPayloadSchema}. */
export type DataTokenPayload = Infer<typeof DataTokenPayloadSchema>;

/**
 * Where the session path's three requests go. Each is a builder: the paths are inferred from
 * the platform's generated client's operation names, so a host can replace any of them.
 */
export interface SessionPathUrls {
  /** `POST`: sessionId → embed token. Default `{baseUrl}/api/v1/embed/session/token`. */
  embedToken(baseUrl: string): string;
  /** `GET`: the deployment, for its `deploymentUrl`. Default `{baseUrl}/api/v1/deployments/{id}`. */
  deployment(baseUrl: string, deploymentId: number): string;
  /** `POST`: a data token. Default `{baseUrl}/api/v1/deployments/{id}/token`. */
  deploymentToken(baseUrl: string, deploymentId: number): string;
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/** The default {@link SessionPathUrls}. */
export const defaultSessionPathUrls: SessionPathUrls = {
  embedToken: (baseUrl) => `${trimSlashes(baseUrl)}/api/v1/embed/session/token`,
  deployment: (baseUrl, id) => `${trimSlashes(baseUrl)}/api/v1/deployments/${encodeURIComponent(id)}`,
  deploymentToken: (baseUrl, id) => `${trimSlashes(baseUrl)}/api/v1/deployments/${encodeURIComponent(id)}/token`,
};

/** The data API's endpoints this library uses. */
export type DataApiEndpoint = 'meta' | 'load';

/** `{deploymentUrl}/cubejs-api/v1` (a URL that already ends in `/cubejs-api/v1` is kept). */
export function dataApiBaseUrl(deploymentUrl: string): string {
  const base = trimSlashes(deploymentUrl);
  return base.endsWith('/cubejs-api/v1') ? base : `${base}/cubejs-api/v1`;
}

/** `{deploymentUrl}/cubejs-api/v1/{endpoint}`. */
export const dataApiUrl = (deploymentUrl: string, endpoint: DataApiEndpoint): string =>
  `${dataApiBaseUrl(deploymentUrl)}/${endpoint}`;
