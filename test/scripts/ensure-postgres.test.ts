import { describe, expect, it } from 'vitest';
import { ensurePostgres, PostgresSetupError, type PostgresMachine } from '../../scripts/ensure-postgres';
import { findPostgres, PostgresPathError, type FoundPostgres } from '../../scripts/find-postgres';

const DEBIAN = { bin: '/usr/lib/postgresql/15/bin', source: 'debian' } as const;

function fakeMachine(fake: { found?: FoundPostgres; root?: boolean; commands?: string[]; sudo?: boolean }) {
  const ran: string[] = [];
  let found: FoundPostgres | null = fake.found ?? null;
  const machine: PostgresMachine = {
    find: () => found,
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      ran.push(line);
      if (line === 'sudo -n true') return fake.sudo ?? false;
      if (line.endsWith('apt-get install -y -qq postgresql')) found = DEBIAN;
      return true;
    },
    has: (command) => (fake.commands ?? ['apt-get', 'sudo', 'service']).includes(command),
    isRoot: fake.root ?? true,
    log: () => undefined,
  };
  return { machine, ran };
}

describe('ensurePostgres', () => {
  it('installs nothing when the server is there', () => {
    const { machine, ran } = fakeMachine({ found: DEBIAN });
    expect(ensurePostgres(machine)).toBe(DEBIAN);
    expect(ran).toEqual([]);
  });

  it("installs Debian's package as root and stops the cluster it starts", () => {
    const { machine, ran } = fakeMachine({});
    expect(ensurePostgres(machine)).toEqual(DEBIAN);
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq postgresql', 'service postgresql stop']);
  });

  it('goes through a sudo that needs no password', () => {
    const { machine, ran } = fakeMachine({ root: false, sudo: true });
    ensurePostgres(machine);
    expect(ran).toContain('sudo -n apt-get install -y -qq postgresql');
  });

  it('says what to do by hand when it cannot install', () => {
    expect(() => ensurePostgres(fakeMachine({ root: false, sudo: false }).machine)).toThrow(PostgresSetupError);
    expect(() => ensurePostgres(fakeMachine({ commands: [] }).machine)).toThrow(/there is no apt-get[^]*PG_BIN/);
  });
});

describe('findPostgres', () => {
  const files = (paths: string[]) => (path: string) => paths.includes(path);
  const programs = (bin: string) => ['initdb', 'pg_ctl', 'postgres', 'createdb'].map((name) => `${bin}/${name}`);

  it('takes PG_BIN when it holds the programs, and refuses one that does not', () => {
    expect(findPostgres({ PG_BIN: '/opt/pg/bin' }, files(programs('/opt/pg/bin')), '/nowhere')).toEqual({
      bin: '/opt/pg/bin',
      source: 'PG_BIN',
    });
    expect(() => findPostgres({ PG_BIN: '/opt/pg/bin' }, files([]), '/nowhere')).toThrow(PostgresPathError);
  });

  it('finds the programs on PATH only when all sit together (a client-only install has none)', () => {
    expect(findPostgres({ PATH: '/usr/bin' }, files(['/usr/bin/initdb']), '/nowhere')).toBeNull();
    expect(findPostgres({ PATH: '/a:/usr/bin' }, files(programs('/usr/bin')), '/nowhere')).toEqual({
      bin: '/usr/bin',
      source: 'PATH',
    });
  });
});
