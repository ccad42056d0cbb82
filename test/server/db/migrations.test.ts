import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationStatements, runMigrations, SERVER_MIGRATIONS, type SqlClient } from '../../../src/server';
import { migrationsModule, MODULE_PATH } from './generate-migrations';

describe("the stores' migrations", () => {
  it('ship as generated from the .sql files (run generate-migrations.ts after editing one)', async () => {
    expect(readFileSync(MODULE_PATH, 'utf8')).toBe(await migrationsModule());
    expect(SERVER_MIGRATIONS.map((m) => m.name)).toEqual([
      '001_boards',
      '002_threads',
      '003_feedback',
      '004_usage',
      '005_board_sharing',
    ]);
  });

  it('are shown in docs/boards.md as they are (from the first statement on)', () => {
    const sql = SERVER_MIGRATIONS[0]!.sql;
    const guide = readFileSync(new URL('../../../docs/boards.md', import.meta.url), 'utf8');
    expect(guide).toContain(`\`\`\`sql\n${sql.slice(sql.indexOf('CREATE'))}\`\`\``);
  });

  it('split into statements at the semicolons that end a line, comments dropped', () => {
    const sql =
      "-- a comment; with a semicolon;\nCREATE TABLE a (x text DEFAULT ';');\n\nCREATE INDEX b ON a (x);  \n-- end\n";
    expect(migrationStatements(sql)).toEqual(["CREATE TABLE a (x text DEFAULT ';')", 'CREATE INDEX b ON a (x)']);
    expect(migrationStatements('')).toEqual([]);
  });

  it('runs a statement once more when it lost a creation race to another server, and only then', async () => {
    const sent: string[] = [];
    /** Postgres as a second server sees it: the first CREATE of each object collides once. */
    const racing = (code: string): SqlClient => {
      const collided = new Set<string>();
      return {
        query: async (text: string) => {
          sent.push(text);
          if (text.startsWith('CREATE') && !collided.has(text)) {
            collided.add(text);
            throw Object.assign(new Error('duplicate key value violates unique constraint'), { code });
          }
          return { rows: [] };
        },
      };
    };
    for (const code of ['23505', '42P07', '42710']) {
      sent.length = 0;
      expect(await runMigrations(racing(code), SERVER_MIGRATIONS)).toHaveLength(5);
      const creates = sent.filter((t) => t.startsWith('CREATE'));
      const statements = SERVER_MIGRATIONS.flatMap((m) => migrationStatements(m.sql));
      // ek_migrations and each CREATE of the files, each twice.
      expect(creates).toHaveLength(2 * (1 + statements.filter((t) => t.startsWith('CREATE')).length));
    }
    const broken: SqlClient = {
      query: () => Promise.reject(Object.assign(new Error('permission denied'), { code: '42501' })),
    };
    await expect(runMigrations(broken, SERVER_MIGRATIONS)).rejects.toThrow('permission denied');
  });
});
