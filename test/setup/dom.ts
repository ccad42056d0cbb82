import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI runs every project at once on two cores: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
