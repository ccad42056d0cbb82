// Writes src/server/db/migrations.ts from the .sql files beside it, so the package ships
// the SQL as strings (no file reads at run time, any bundler) while the .sql files stay the
// source: `npx tsx test/server/db/generate-migrations.ts`. migrations.test.ts fails when
// the two differ.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const dir = fileURLToPath(new URL('../../../src/server/db/migrations/', import.meta.url));
/** The generated module's path. */
export const MODULE_PATH = fileURLToPath(new URL('../../../src/server/db/migrations.ts', import.meta.url));

/** The module's text for the .sql files there now, formatted as the repository's Prettier does. */
export async function migrationsModule(): Promise<string> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
  const items = files.map(
    (file) =>
      `  { name: ${JSON.stringify(file.slice(0, -4))}, sql: ${JSON.stringify(readFileSync(dir + file, 'utf8'))} },`,
  );
  const text = `// Generated from migrations/*.sql by test/server/db/generate-migrations.ts: edit the .sql files.
import type { SqlMigration } from './sql-client';

/**
 * The tables of every store the library has (boards, conversations, feedback, and the per-user
 * counts their limits keep), in order: each file of \`migrations/\` as written. The stores run
 * them before their first query; run them with your own tool instead (\`runMigrations\`) and
 * pass \`migrate: false\`.
 */
export const SERVER_MIGRATIONS: readonly SqlMigration[] = [
${items.join('\n')}
];
`;
  return format(text, { ...(await resolveConfig(MODULE_PATH)), filepath: MODULE_PATH });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(MODULE_PATH, await migrationsModule());
