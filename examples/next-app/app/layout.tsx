import type { ReactNode } from 'react';
import 'react-embedded-analytics/styles.css';
import './globals.css';

export const metadata = { title: 'Acme analytics (react-embedded-analytics on Next.js)' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', color: '#0f172a' }}>{children}</body>
    </html>
  );
}
