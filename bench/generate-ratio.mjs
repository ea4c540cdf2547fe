#!/usr/bin/env node
/**
 * `generate` beside its I/O floor (issue 21, target 3): CPU time (user + sys, git children included)
 * of whole processes, interleaved rounds, median. The floor (bench/lib/generate-floor.mjs) is
 * `git diff --name-status` + reading and JSON-parsing both versions of the 1 MB OpenAPI document
 * (+ reading the added migrations).
 *
 * The repository: a 1 MB OpenAPI document, 219 released knex migrations (bench/gen-knex-migrations.mjs,
 * the size of a real service's history) and env config. Pairs:
 *   - spec only: the document changes (target ≤ 3× the floor);
 *   - with migrations: the document changes and a migration is added that changes a column type and
 *     creates a table behind a `hasTable` guard — both need what every released migration declares
 *     (target ≤ 4×): once with the derived-results cache warm (a previous run, or the pair before in
 *     a backfill), once with only the released migrations cached and the added one new (a pull
 *     request's first run: each round's tag changes a comment in it), once with `--no-cache` (every
 *     released migration extracted and classified).
 *
 *   npm run build && node bench/generate-ratio.mjs [--runs 5] [--json]
 *
 * Also `import { generateRatios } from './generate-ratio.mjs'` (bench/ratios.mjs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateMigrations } from './gen-knex-migrations.mjs';
import { generateSpec } from './gen-openapi.mjs';
import { loadAverage, measure, median } from './lib/measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
// The package's bin (the bundled CLI users run), as bench/ratios.mjs times it.
const cli = join(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin['release-safety']);
const floorScript = join(root, 'bench', 'lib', 'generate-floor.mjs');
const SPEC = 'api/openapi.json';
const MIGRATIONS = 'packages/backend/src/database/migrations';
const ADDED_MIGRATION = `${MIGRATIONS}/20991231000000_widen_project_name.ts`;

/** The migration release 1.2.0 adds: a column type change and a guarded CREATE TABLE. */
function addedMigration(prefix) {
  return prefix + [
    "import { Knex } from 'knex';",
    '',
    'export async function up(knex: Knex): Promise<void> {',
    "  await knex.schema.alterTable('projects', (table) => {",
    "    table.text('name').alter();",
    '  });',
    "  if (!(await knex.schema.hasTable('audit_log'))) {",
    "    await knex.schema.createTable('audit_log', (table) => {",
    "      table.increments('id');",
    "      table.text('actor');",
    '    });',
    '  }',
    '}',
    '',
    'export async function down(knex: Knex): Promise<void> {',
    "  await knex.schema.dropTable('audit_log');",
    '}',
    '',
  ].join('\n');
}

export function buildRepository(repo, { newMigrationRounds = 0 } = {}) {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
  const git = (...args) => execFileSync('git', args, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  const write = (files) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
  };
  let day = 0;
  const commitAndTag = (tag) => {
    git('add', '-A');
    const date = new Date(Date.UTC(2026, 0, 1 + day++)).toISOString();
    execFileSync('git', ['commit', '-q', '-m', tag], { cwd: repo, env: { ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
    git('tag', tag);
  };
  mkdirSync(repo, { recursive: true });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'bench@example.com');
  git('config', 'user.name', 'bench');
  git('config', 'commit.gpgsign', 'false');
  const files = {
    'release-safety.config.json': JSON.stringify({
      migrations: [{ dir: MIGRATIONS, edition: 'core' }],
      openapi: SPEC,
      mcpTools: false,
      env: { sources: ['src/config/**/*.ts'], envFiles: ['.env.example'] },
    }),
    [SPEC]: `${JSON.stringify(generateSpec(), null, 2)}\n`,
    'src/config/settings.ts': "export const port = Number(process.env.PORT || '8080');\n",
    '.env.example': 'PORT=8080\n',
  };
  for (const file of generateMigrations({ count: 219 })) files[`packages/backend/src/database/${file.path}`] = file.text;
  for (let i = 0; i < 200; i++) files[`src/modules/module-${i}.ts`] = `export function handler${i}(input: string): string {\n  return input.toUpperCase();\n}\n`;
  write(files);
  commitAndTag('1.0.0');
  write({ [SPEC]: `${JSON.stringify(generateSpec({ change: true }), null, 2)}\n` });
  commitAndTag('1.1.0');
  write({ [SPEC]: `${JSON.stringify(generateSpec(), null, 2)}\n`, [ADDED_MIGRATION]: addedMigration('') });
  commitAndTag('1.2.0');
  // The same release with the added migration new to the extraction cache (a pull request's first
  // run): each tag differs from the one before by a comment in that file only.
  for (let round = 0; round < newMigrationRounds; round++) {
    write({ [ADDED_MIGRATION]: addedMigration(`// round ${round}\n`) });
    commitAndTag(`1.2.${round + 1}`);
  }
}

/** Runs the interleaved rounds; returns one row per figure with its floor and ratio. */
export function generateRatios({ runs = 5 } = {}) {
  if (!existsSync(cli)) throw new Error(`bench/generate-ratio.mjs: ${cli} is missing; run npm run build first`);
  const work = mkdtempSync(join(tmpdir(), 'rs-bench-generate-ratio-'));
  try {
    const repo = join(work, 'service');
    // One tag per run whose added migration the cache has never seen (warm-up included).
    buildRepository(repo, { newMigrationRounds: runs + 1 });
    let newMigrationRound = 0;
    const env = { ...process.env, NO_COLOR: '1', RELEASE_SAFETY_CACHE_DIR: join(work, 'cache') };
    const generate = (from, to, extra = []) => () =>
      measure(process.execPath, [cli, 'generate', '--repo', repo, '--from', from, '--to', to, '--out', join(work, 'out.json'), '--quiet', ...extra], { env, allowFailure: true });
    const floor = (from, to, migrations = []) => () => measure(process.execPath, [floorScript, repo, from, to, SPEC, ...migrations], { env });
    const figures = {
      specFloor: floor('1.0.0', '1.1.0'),
      spec: generate('1.0.0', '1.1.0'),
      migrationsFloor: floor('1.1.0', '1.2.0', [ADDED_MIGRATION]),
      migrationsWarm: generate('1.1.0', '1.2.0'),
      migrationsNew: () => generate('1.1.0', `1.2.${++newMigrationRound}`)(),
      migrationsCold: generate('1.1.0', '1.2.0', ['--no-cache']),
    };
    // Warm-up: the disk cache of the released migrations, the OS file cache, git's pack index.
    for (const run of Object.values(figures)) run();
    const samples = Object.fromEntries(Object.keys(figures).map((name) => [name, { cpu: [], wall: [] }]));
    for (let round = 0; round < runs; round++) {
      for (const [name, run] of Object.entries(figures)) {
        const result = run();
        if (result.status > 1) throw new Error(`${name}: exit ${result.status}: ${result.stderr}`);
        samples[name].cpu.push(result.cpuMs);
        samples[name].wall.push(result.wallMs);
      }
    }
    const cpu = (name) => median(samples[name].cpu);
    const wall = (name) => median(samples[name].wall);
    const row = (what, name, floorName, target) => ({
      what,
      cpuMs: Math.round(cpu(name)),
      wallMs: Math.round(wall(name)),
      floorCpuMs: Math.round(cpu(floorName)),
      floorWallMs: Math.round(wall(floorName)),
      ratio: Number((cpu(name) / cpu(floorName)).toFixed(2)),
      target,
    });
    return {
      runs,
      loadAverage: loadAverage(),
      rows: [
        row('generate, spec-only pair (1 MB OpenAPI document changed)', 'spec', 'specFloor', 3),
        row('generate, spec + a migration needing the released schema, cache warm', 'migrationsWarm', 'migrationsFloor', 4),
        row('generate, the same with the added migration new to the cache (released migrations cached: a pull request\'s first run)', 'migrationsNew', 'migrationsFloor', 4),
        row('generate, spec + a migration needing the released schema, --no-cache (219 released migrations re-read)', 'migrationsCold', 'migrationsFloor', 4),
      ],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function formatRows(result) {
  const lines = [`generate vs its I/O floor: CPU (user+sys), median of ${result.runs} interleaved runs; load average ${result.loadAverage}`, '', '| figure | CPU | floor CPU | ratio | target |', '|---|---|---|---|---|'];
  for (const row of result.rows) lines.push(`| ${row.what} | ${row.cpuMs} ms (wall ${row.wallMs} ms) | ${row.floorCpuMs} ms (wall ${row.floorWallMs} ms) | ${row.ratio}× | ≤ ${row.target}× |`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
  const result = generateRatios({ runs });
  console.log(args.includes('--json') ? JSON.stringify(result, null, 2) : formatRows(result));
}
