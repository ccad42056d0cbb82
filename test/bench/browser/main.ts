// Benchmark page: each suite registers a function on window for the runner to call.
import { chartBench, chartOnce, manyChartsBench } from './charts';
import {
  chatFirstToken,
  chatMount,
  chatStream,
  chatUnmount,
  longThread,
  memoryManyChats,
  memoryStream,
  memoryUnmount,
} from './chat';

declare global {
  interface Window {
    benches: Record<string, (options: Record<string, unknown>) => Promise<unknown>>;
  }
}

// The profiling build of React (for <Profiler> commit counts) also logs every component
// render to DevTools' performance track with console.timeStamp; production React does not,
// and under the DevTools profiler that logging outweighs the rendering itself.
console.timeStamp = () => {};

type Bench = (options: Record<string, unknown>) => Promise<unknown>;
window.benches = {
  charts: chartBench as Bench,
  chartOnce: chartOnce as Bench,
  manyCharts: manyChartsBench as Bench,
  chatMount: chatMount as Bench,
  chatStream: chatStream as Bench,
  chatFirstToken: chatFirstToken as Bench,
  chatUnmount: chatUnmount as Bench,
  longThread: longThread as Bench,
  memoryStream: memoryStream as Bench,
  memoryUnmount: memoryUnmount as Bench,
  memoryManyChats: memoryManyChats as Bench,
};
