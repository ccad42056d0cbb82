// Every story and the demo's flow in Firefox ESR (puppeteer-core over WebDriver BiDi).
import { launchFirefox } from './drivers';
import { engineSuite } from './suite';

engineSuite(launchFirefox);
