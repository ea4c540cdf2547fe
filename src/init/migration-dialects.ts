import type { MigrationDialectName } from './migration-dialect-names.js';

/**
 * The database a migrations folder is written for, from the evidence a maintainer would use, in
 * order of strength:
 * 1. Prisma's `migration_lock.toml` in the folder (`provider = "mysql"`), or the `datasource`
 *    provider of the `schema.prisma` beside the folder or one level up;
 * 2. the folder's path (`db/clickhouse/migrations`, `prisma/sqlite/migrations`, `db/postgresql/…`);
 * 3. the SQL itself: ClickHouse table engines and clauses, MySQL's `ENGINE=InnoDB` and backquotes,
 *    SQLite's `AUTOINCREMENT`/`PRAGMA`.
 * Nothing points elsewhere: PostgreSQL, said as "no other dialect seen" so the explanation is honest.
 */
export interface DialectGuess {
  dialect: MigrationDialectName;
  evidence: string;
}

const PROVIDERS: Record<string, MigrationDialectName> = {
  postgresql: 'postgresql',
  postgres: 'postgresql',
  cockroachdb: 'postgresql',
  mysql: 'mysql',
  sqlite: 'sqlite',
  clickhouse: 'clickhouse',
};
const PATH_WORDS: Array<[RegExp, MigrationDialectName]> = [
  [/(^|[/_-])clickhouse([/_-]|$)/i, 'clickhouse'],
  [/(^|[/_-])(mysql|mariadb)([/_-]|$)/i, 'mysql'],
  [/(^|[/_-])sqlite3?([/_-]|$)/i, 'sqlite'],
  [/(^|[/_-])(postgres|postgresql|pg)([/_-]|$)/i, 'postgresql'],
];
const SQL_MARKERS: Array<[RegExp, MigrationDialectName, string]> = [
  [
    /\bENGINE\s*=\s*(Replicated|Replacing|Aggregating|Summing|Collapsing)?MergeTree\b|\bON\s+CLUSTER\b|\bLowCardinality\s*\(|\bMATERIALIZE\s+(INDEX|COLUMN)\b|\bDateTime64\s*\(/i,
    'clickhouse',
    'ClickHouse SQL (MergeTree engines, ON CLUSTER, LowCardinality)',
  ],
  [
    /\bENGINE\s*=\s*InnoDB\b|\bAUTO_INCREMENT\b|`\w+`\s+(varchar|int|datetime|tinyint)\b/i,
    'mysql',
    'MySQL SQL (ENGINE=InnoDB, AUTO_INCREMENT, backquoted columns)',
  ],
  [/\bAUTOINCREMENT\b|\bPRAGMA\s+\w+/i, 'sqlite', 'SQLite SQL (AUTOINCREMENT, PRAGMA)'],
];

function providerOf(text: string | undefined): MigrationDialectName | undefined {
  const provider = /provider\s*=\s*"(\w+)"/.exec(text ?? '')?.[1]?.toLowerCase();
  return provider === undefined ? undefined : PROVIDERS[provider];
}

/** `files`: the folder's files (repository paths); `read`: a file's text, when readable. */
export function classifyMigrationsFolder(dir: string, files: readonly string[], read: (file: string) => string | undefined): DialectGuess {
  const lock = `${dir}/migration_lock.toml`;
  const locked = files.includes(lock) ? providerOf(read(lock)) : undefined;
  if (locked) return { dialect: locked, evidence: `${lock} says provider "${locked}"` };
  const parent = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
  for (const schema of [`${dir}/schema.prisma`, `${parent === '' ? '' : `${parent}/`}schema.prisma`]) {
    const fromSchema = providerOf(read(schema)?.match(/datasource\s+\w+\s*\{[^}]*\}/)?.[0]);
    if (fromSchema) return { dialect: fromSchema, evidence: `the datasource of ${schema} is ${fromSchema}` };
  }
  for (const [word, dialect] of PATH_WORDS) if (word.test(dir)) return { dialect, evidence: `the folder's path names ${dialect}` };
  const sample = files.filter((file) => /\.sql$/i.test(file)).slice(0, 20);
  for (const [marker, dialect, what] of SQL_MARKERS) {
    const file = sample.find((candidate) => marker.test(read(candidate) ?? ''));
    if (file !== undefined) return { dialect, evidence: `${what} in ${file}` };
  }
  return { dialect: 'postgresql', evidence: 'no other dialect seen (no lock file, provider, folder name or SQL of another database)' };
}
