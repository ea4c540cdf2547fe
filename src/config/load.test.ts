import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { CONFIG_SCHEMA_URL, parseConfig } from './load.js';

const ISSUE_EXAMPLE = {
  migrations: [
    { dir: 'db/migrations', edition: 'core' },
    { dir: 'ee/db/migrations', edition: 'ee' },
  ],
  openapi: 'api/openapi.json',
  mcpTools: 'mcp/tools.json',
  env: { sources: ['src/config/**/*.ts'], helpers: ['getIntegerFromEnvironmentVariable'], envFiles: ['.env.example'] },
  postgresVersion: 16,
  indexUrl: 'https://example.com/release-safety-index.json',
  floorVersion: '0.1893.0',
};

describe('parseConfig', () => {
  it.each([
    ['the issue example', ISSUE_EXAMPLE],
    ['every surface declared absent', { migrations: false, openapi: false, mcpTools: false, env: false }],
    ['an empty config (nothing configured)', {}],
    [
      'folders of several dialects, one an alternative deployment',
      {
        migrations: [
          { dir: 'db/postgresql', edition: 'core' },
          { dir: 'db/mysql', edition: 'core', dialect: 'mysql', alternative: true },
          { dir: 'packages/shared/clickhouse/migrations', edition: 'core', dialect: 'clickhouse', format: 'golang-migrate' },
        ],
      },
    ],
    ['a $schema reference', { $schema: './node_modules/release-safety/schemas/release-safety.config.schema.json' }],
  ])('accepts %s', async (_name, config) => {
    expect(await parseConfig(JSON.stringify(config), 'release-safety.config.json')).toEqual(config);
  });

  it.each([
    ['{"migrations":[{"dir":"db","edition":"pro"}]}', 'invalid config cfg.json: /migrations/0/edition must be one of ["core","ee"]'],
    [
      '{"migrations":[{"dir":"db","edition":"core","dialect":"oracle"}]}',
      'invalid config cfg.json: /migrations/0/dialect must be one of ["postgresql","mysql","sqlite","clickhouse"]',
    ],
    ['{"openapi":true}', 'invalid config cfg.json: /openapi must be false or string'],
    ['{"migrations":true}', 'invalid config cfg.json: /migrations must be false or array'],
    ['{"mcpTool":"mcp/tools.json"}', 'invalid config cfg.json: / has unknown member "mcpTool"'],
    [
      '{"env":{"sources":["../outside/*.ts"]}}',
      'invalid config cfg.json: /env/sources/0 must be a path inside the repository, relative to its root (no leading "/", no "..")',
    ],
    ['{"openapi":"/etc/passwd"}', 'invalid config cfg.json: /openapi must be a path inside the repository, relative to its root (no leading "/", no "..")'],
    ['{"env":{"helpers":["x"]}}', "invalid config cfg.json: /env must have required property 'sources'"],
    ['{"postgresVersion":"16"}', 'invalid config cfg.json: /postgresVersion must be integer'],
    ['{"floorVersion":"v1.2"}', 'invalid config cfg.json: /floorVersion must match pattern "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$"'],
    ['[]', 'invalid config cfg.json: / must be object'],
  ])('rejects %s naming the file and the JSON pointer', async (text, message) => {
    const error = await parseConfig(text, 'cfg.json').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(message);
  });

  it('rejects text that is not JSON, naming the file', async () => {
    await expect(parseConfig('{ "openapi": ', 'release-safety.config.json at v1.2.0')).rejects.toThrow(
      /^invalid config release-safety\.config\.json at v1\.2\.0: not JSON/,
    );
  });
});

describe('config schema', () => {
  it('is valid against the 2020-12 meta-schema (the CLI skips this check at run time)', async () => {
    const { readFileSync } = await import('node:fs');
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const ajv = new Ajv2020({ strict: true });
    const schema = JSON.parse(readFileSync(CONFIG_SCHEMA_URL, 'utf8')) as object;
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
  });
});

describe('config dialects', () => {
  it('lists in the schema exactly the dialects the code knows', async () => {
    const { readFileSync } = await import('node:fs');
    const { MIGRATION_DIALECTS } = await import('./migration-formats.js');
    const schema = JSON.parse(readFileSync(CONFIG_SCHEMA_URL, 'utf8')) as {
      properties: { migrations: { oneOf: [unknown, { items: { properties: { dialect: { enum: string[] } } } }] } };
    };
    expect(schema.properties.migrations.oneOf[1].items.properties.dialect.enum).toEqual([...MIGRATION_DIALECTS]);
  });
});

describe('config text', () => {
  it('accepts a byte-order mark, as Windows editors write it', async () => {
    await expect(parseConfig('\uFEFF{ "openapi": false }', 'release-safety.config.json at v1.2.0')).resolves.toEqual({ openapi: false });
  });
});
