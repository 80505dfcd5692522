import { browserProject, onTheSecondServer } from './vitest.config.ts';

// The second server's browser tests (see onTheSecondServer).
export default browserProject('e2e-second', onTheSecondServer);
