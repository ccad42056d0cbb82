// What vite/client declares for a host: stylesheet imports.
declare module '*.css';
