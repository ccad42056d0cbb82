// Every story and the demo's flow in WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver).
import { launchWebKit } from './drivers';
import { engineSuite } from './suite';

engineSuite(launchWebKit);
