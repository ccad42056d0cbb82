import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import '../../src/styles.css';

// CI runs every project at once on two cores: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });
