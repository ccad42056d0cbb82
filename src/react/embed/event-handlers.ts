// Loaded with the event parser, once a dashboard's session is being minted: what reads an
// embed's events is not needed for the first paint.
import type { EmbedEvent } from '../../protocol';
import type { EmbedEventHandlers } from './EmbeddedDashboard';

export { parseEmbedEvent } from '../../protocol/embed-events';

/** The prop that takes each event type's payload. */
export const EVENT_HANDLERS = {
  'cube:event:ready': 'onReady',
  'cube:event:view': 'onView',
  'cube:event:navigate': 'onNavigate',
  'cube:event:dashboard-loaded': 'onDashboardLoaded',
  'cube:event:download': 'onDownload',
  'cube:event:drilldown': 'onDrilldown',
  'cube:event:ai-query': 'onAiQuery',
  'cube:event:error': 'onEmbedError',
} as const satisfies Partial<Record<EmbedEvent['type'], keyof EmbedEventHandlers>>;
