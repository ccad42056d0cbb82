// Benchmark page: each suite registers a function on window for the runner to call.
import { chartBench } from './charts';
import { chatBench } from './chat';

declare global {
  interface Window {
    benches: Record<string, (options: Record<string, unknown>) => Promise<unknown>>;
  }
}

window.benches = {
  charts: chartBench as (options: Record<string, unknown>) => Promise<unknown>,
  chat: chatBench as (options: Record<string, unknown>) => Promise<unknown>,
};
