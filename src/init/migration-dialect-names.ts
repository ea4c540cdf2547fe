/** The databases `init` tells apart (the config's `migrations[].dialect`, where the schema has it). */
export type MigrationDialectName = 'postgresql' | 'mysql' | 'sqlite' | 'clickhouse';

export const DIALECT_LABEL: Readonly<Record<MigrationDialectName, string>> = {
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  sqlite: 'SQLite',
  clickhouse: 'ClickHouse',
};
