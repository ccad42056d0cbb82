import '@testing-library/jest-dom/vitest';
import '../../src/styles.css';
