import { v, type Infer } from './schema';

/**
 * The theme an embed accepts, in Generate Session's `embedTheme` and in the
 * `cube:action:set-theme` postMessage action (from the real service's docs).
 */
export const EmbedThemeSchema = v.object({
  font: v.optional(v.string()),
  primaryColor: v.optional(v.string()),
  analyticsChat: v.optional(
    v.object({
      backgroundColor: v.optional(v.string()),
      chatInput: v.optional(
        v.object({
          backgroundColor: v.optional(v.string()),
          borderColor: v.optional(v.string()),
        }),
      ),
    }),
  ),
});
/** Theme sent to embedded content: font, primary colour and chat colours. */
export type EmbedTheme = Infer<typeof EmbedThemeSchema>;
