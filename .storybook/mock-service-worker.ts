// The mock, served by a service worker in the static Storybook build (see serveMockFromWorker).
import { serveMockFromWorker, type MockWorkerScope } from '../src/mock/service-worker';

serveMockFromWorker(self as unknown as MockWorkerScope);
