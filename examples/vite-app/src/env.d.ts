/// <reference types="vite/client" />

/** The browser's configuration (.env.development): public values only, built into the page. */
interface ImportMetaEnv {
  /** The embed service's origin, for `<EmbedProvider baseUrl>`. */
  readonly VITE_EMBED_BASE_URL?: string;
}
