import type { NextConfig } from 'next';

const config: NextConfig = {
  // Loaded from node_modules at run time, not bundled: PGlite reads its WebAssembly and data
  // files next to its code, and pg has optional native parts.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
};

export default config;
