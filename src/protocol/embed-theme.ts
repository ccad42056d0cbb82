import { isCssColor, isFontFamily } from './css-values';
import { v, type Infer } from './schema';

const color = v.optional(v.string().refine(isCssColor, 'must be a CSS colour (hex, rgb(), hsl(), oklch()… or a name)'));

/**
 * The theme an embed accepts, in Generate Session's `embedTheme` and in the
 * `cube:action:set-theme` postMessage action (from the real service's docs). Colours must be
 * colour values and the font a family list: never url() or anything that is not a colour.
 */
export const EmbedThemeSchema = v.object({
  font: v.optional(v.string().refine(isFontFamily, 'must be a font-family list')),
  primaryColor: color,
  analyticsChat: v.optional(
    v.object({
      backgroundColor: color,
      chatInput: v.optional(v.object({ backgroundColor: color, borderColor: color })),
    }),
  ),
});
/** Theme sent to embedded content: font, primary colour and chat colours. */
export type EmbedTheme = Infer<typeof EmbedThemeSchema>;
