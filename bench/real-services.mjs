#!/usr/bin/env node
/**
 * Zero-config verdicts on real services (issue #30's acceptance): for each service of the corpus,
 * `init` alone (nothing edited by hand), then `backfill` over its recent releases with exactly that
 * config, and the figures a new user would see: releases true / false / unknown, PostgreSQL
 * migration files added vs read, and which surfaces were checked. The causes of `unknown` are tallied
 * per surface so the general ones can be fixed.
 *
 *   npm run build && node bench/real-services.mjs <testbed folder> [--releases 25] [--only a,b] [--out bench/.out/real-services] [--markdown table.md]
 *
 * `--markdown <file>` writes the README table (every service saved under the out folder, not only
 * this invocation's, so `--only` runs into one out folder add up) and the tally of `unknown` causes;
 * `node bench/real-services-tally.mjs <out folder>…` writes the same from saved results, no re-run.
 *
 * <testbed folder> holds one git clone per service, named as in CORPUS below (with all tags; a work
 * tree at the commit noted in the table, which `init` reads: it is never changed). Without it the
 * script says so and exits 0 (bench/run-all.mjs runs every script).
 *
 * "added" PostgreSQL migration files are counted by the bench's own oracle (CORPUS[].postgresMigrations,
 * written by hand from each repository's layout), never by the tool: a folder `init` missed counts as
 * added and not read. "read" means the artifact lists the file with every heaviness flag decided
 * (true or false, no `unknown`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadResults, tableMarkdown, tallyMarkdown } from './lib/real-services-table.mjs';

/**
 * The corpus: public PostgreSQL-backed TypeScript services of different shapes. `postgresMigrations`
 * is the bench's oracle of forward PostgreSQL migration files (path regex); ClickHouse, MySQL and
 * SQLite folders are deliberately outside it.
 *
 * Two clones the testbeds hold are not in it on purpose: novu keeps its data in MongoDB (no
 * PostgreSQL, nothing for the migrations surface to read), and wiki (Requarks Wiki.js 2) is
 * JavaScript whose knex migrations serve PostgreSQL, MySQL, MSSQL and SQLite from one folder (the
 * clone's newest release tag, 2.5.201, is from 2021): outside "PostgreSQL-backed TypeScript services".
 */
export const CORPUS = [
  { name: 'docmost', shape: 'NestJS + Fastify, kysely migrations (TS), pnpm monorepo', postgresMigrations: /^apps\/server\/src\/database\/migrations\/[^/]+\.ts$/ },
  { name: 'formbricks', shape: 'Next.js, Prisma + TS data migrations, turbo monorepo', postgresMigrations: /^packages\/database\/(migration|migrations)\/[^/]+\/migration\.(sql|ts)$|^packages\/database\/migrations\/[^/]+\/migration\.sql$/ },
  { name: 'hoppscotch', shape: 'NestJS + GraphQL, Prisma, pnpm monorepo', postgresMigrations: /^packages\/hoppscotch-backend\/prisma\/migrations\/[^/]+\/migration\.sql$/ },
  { name: 'langfuse', shape: 'Next.js + tRPC, Prisma + ClickHouse beside it, monorepo', postgresMigrations: /^packages\/shared\/prisma\/migrations\/[^/]+\/migration\.sql$/ },
  { name: 'lightdash', shape: 'Express + tsoa, knex migrations (TS), ee folder, monorepo', postgresMigrations: /^packages\/backend\/src\/(ee\/)?database\/migrations\/[^/]+\.ts$/ },
  { name: 'outline', shape: 'Koa, Sequelize migrations (JS)', postgresMigrations: /^server\/migrations\/[^/]+\.js$/ },
  { name: 'papermark', shape: 'Next.js (pages + app API), Prisma', postgresMigrations: /^prisma\/migrations\/[^/]+\/migration\.sql$/ },
  // peppermint moved its folder twice: prisma/ (0.1.x), packages/database/prisma/ (0.2.x), apps/api/src/prisma/ (0.3 on).
  { name: 'peppermint', shape: 'Fastify + Next.js, Prisma, monorepo', postgresMigrations: /^(apps\/api\/src\/|packages\/database\/)?prisma\/migrations\/[^/]+\/migration\.sql$/ },
  { name: 'rallly', shape: 'Next.js + tRPC, Prisma, turbo monorepo', postgresMigrations: /^(packages\/database\/)?prisma\/migrations\/[^/]+\/migration\.sql$/ },
  { name: 'teable', shape: 'NestJS, Prisma with postgres and sqlite folders, monorepo', postgresMigrations: /^packages\/db-main-prisma\/prisma\/postgres\/migrations\/[^/]+\/migration\.sql$/ },
  { name: 'trigger.dev', shape: 'Remix + workers, Prisma, large monorepo', postgresMigrations: /^(internal-)?packages\/[^/]+\/prisma\/migrations\/[^/]+\/migration\.sql$/ },
  { name: 'typebot.io', shape: 'Next.js + tRPC/oRPC, Prisma with postgresql and mysql folders, monorepo', postgresMigrations: /^packages\/(prisma|db)\/postgresql\/migrations\/[^/]+\/migration\.sql$/ },
  { name: 'umami', shape: 'Next.js, Prisma; MySQL and ClickHouse folders beside PostgreSQL', postgresMigrations: /^(db\/postgresql\/|prisma\/)migrations\/[^/]+\/migration\.sql$/ },
];

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const positional = args.filter((arg, at) => !arg.startsWith('--') && (at === 0 || !args[at - 1].startsWith('--')));
const root = resolve(new URL('..', import.meta.url).pathname);
const cli = resolve(root, 'dist/cli/main.js');
const testbeds = positional[0];
if (!testbeds || !existsSync(testbeds)) {
  console.log('bench/real-services.mjs: no testbed folder given (node bench/real-services.mjs <folder with one clone per service>): skipped');
  process.exit(0);
}
if (!existsSync(cli)) {
  console.error('bench/real-services.mjs: build first (npm run build)');
  process.exit(2);
}
const releaseCount = Number(option('--releases', '25'));
const only = option('--only', undefined)?.split(',');
const outRoot = resolve(option('--out', resolve(root, 'bench/.out/real-services')));
const markdownFile = option('--markdown', undefined);
const { versionOfTag, tagPatterns } = await import(pathToFileURL(resolve(root, 'dist/core/tag-pattern.js')).href);
const { compareVersions } = await import(pathToFileURL(resolve(root, 'dist/core/version.js')).href);

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: options.cwd ?? root, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
  if (result.status !== 0 && !options.allowFailure) throw new Error(`${command} ${commandArgs.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result;
}
const git = (repo, gitArgs) => run('git', ['-C', repo, ...gitArgs]).stdout;

/** The newest `count + 1` release tags under the config's patterns (the backfill range). */
function recentReleases(repo, patterns) {
  const tags = git(repo, ['tag', '--list'])
    .split('\n')
    .filter(Boolean)
    .flatMap((tag) => {
      const version = versionOfTag(tag, patterns);
      return version ? [{ tag, version }] : [];
    })
    .sort((a, b) => compareVersions(a.version, b.version));
  return tags.slice(-(releaseCount + 1));
}

/** Surfaces table and "why not proven safe" bullets of a backfill report. */
function readReport(text) {
  const surfaces = {};
  for (const match of text.matchAll(/^\| (migrations|rest|mcp|config|declarations) \| (checked|not checked) \|/gm)) surfaces[match[1]] = match[2] === 'checked';
  const why = [];
  const section = text.split('## Why not proven safe')[1]?.split('\n## ')[0] ?? '';
  for (const match of section.matchAll(/^- \*\*(\w+)\*\*: (.*)$/gm)) why.push({ surface: match[1], reason: match[2] });
  return { surfaces, why };
}

/** A reason with its variable parts (file names, numbers, quoted text) blurred, to tally causes. */
function reasonKind(reason) {
  return reason
    .replace(/`[^`]*`/g, '`…`')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\([^()]*\)/g, '(…)')
    .replace(/[\w./@-]+\.(ts|tsx|js|mjs|sql|json|ya?ml)(:\d+)?/g, '<file>')
    .replace(/\d+/g, 'N')
    .slice(0, 160);
}

const rows = [];
for (const service of CORPUS) {
  if (only && !only.includes(service.name)) continue;
  const repo = resolve(testbeds, service.name);
  if (!existsSync(repo)) {
    console.log(`${service.name}: not in ${testbeds}, skipped`);
    continue;
  }
  const out = resolve(outRoot, service.name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const commit = git(repo, ['rev-parse', 'HEAD']).trim();
  const started = performance.now();
  const init = run(process.execPath, [cli, 'init', '--repo', repo, '--print']);
  const configFile = resolve(out, 'release-safety.config.json');
  writeFileSync(configFile, init.stdout);
  writeFileSync(resolve(out, 'init.txt'), init.stderr);
  const config = JSON.parse(init.stdout);
  const releases = recentReleases(repo, tagPatterns(config.tags));
  if (releases.length < 2) {
    console.log(`${service.name}: fewer than two release tags under ${JSON.stringify(tagPatterns(config.tags))}, skipped`);
    continue;
  }
  const artifacts = resolve(out, 'artifacts');
  const backfill = run(process.execPath, [cli, 'backfill', '--repo', repo, '--from', releases[0].version.text, '--to', releases.at(-1).version.text, '--out-dir', artifacts, '--config', configFile, '--json', '--no-cache'], { allowFailure: true });
  writeFileSync(resolve(out, 'backfill.stderr.txt'), backfill.stderr);
  if (backfill.status !== 0) {
    console.log(`${service.name}: backfill exited ${backfill.status}: ${backfill.stderr.split('\n').slice(-3).join(' ')}`);
    rows.push({ service: service.name, commit, error: backfill.stderr.trim().split('\n').at(-1) });
    continue;
  }
  const summary = JSON.parse(backfill.stdout);
  const tagOf = new Map(releases.map((release) => [release.version.text, release.tag]));
  const counts = { true: 0, false: 0, unknown: 0 };
  const checked = { migrations: 0, rest: 0, mcp: 0, config: 0, declarations: 0 };
  const unknownBy = {};
  const kinds = new Map();
  let added = 0;
  let read = 0;
  const unread = [];
  const perRelease = [];
  for (const result of summary.results) {
    const artifact = JSON.parse(readFileSync(resolve(artifacts, `${result.version}.json`), 'utf8'));
    const report = readReport(readFileSync(resolve(artifacts, `${result.version}.backfill.md`), 'utf8'));
    const verdict = String(artifact.compatibility.rollingUpdateSafe);
    counts[verdict]++;
    for (const [surface, isChecked] of Object.entries(report.surfaces)) if (isChecked) checked[surface]++;
    for (const { surface, reason } of report.why) {
      unknownBy[surface] = (unknownBy[surface] ?? 0) + 1;
      const kind = `${surface}: ${reasonKind(reason)}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const base = tagOf.get(artifact.previousVersion) ?? artifact.previousVersion;
    const head = tagOf.get(result.version) ?? result.version;
    // Exact moves (same content at another path: umami's db/postgresql → prisma/migrations) are not
    // added migrations: the tool reports them as moved with identical contents, nothing to run.
    const addedFiles = git(repo, ['diff', '--name-only', '--diff-filter=A', '-M100%', '-l0', `refs/tags/${base}`, `refs/tags/${head}`])
      .split('\n')
      .filter((file) => service.postgresMigrations.test(file));
    const listed = new Map((artifact.migrations.files ?? []).map((file) => [file.name, file]));
    for (const file of addedFiles) {
      added++;
      // The artifact names a file by its name, or by its folder for `<folder>/migration.sql` layouts.
      const parts = file.split('/');
      const entry = listed.get(basename(file)) ?? listed.get(parts.slice(-2).join('/')) ?? listed.get(parts.at(-2));
      const decided = entry && Object.values(entry.heaviness).every((flag) => typeof flag === 'boolean');
      if (decided) read++;
      else unread.push(`${result.version}: ${file}${entry ? ' (listed, heaviness unknown)' : ' (not listed)'}`);
    }
    perRelease.push({ version: result.version, previousVersion: artifact.previousVersion, verdict, addedMigrations: addedFiles.length, why: report.why });
  }
  const total = summary.results.length;
  const row = {
    service: service.name,
    shape: service.shape,
    commit: commit.slice(0, 10),
    range: `${releases[0].tag} → ${releases.at(-1).tag}`,
    releases: total,
    ...counts,
    decidedPercent: total === 0 ? 0 : Math.round((1000 * (counts.true + counts.false)) / total) / 10,
    migrationsAdded: added,
    migrationsRead: read,
    checked,
    unknownBy,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  rows.push(row);
  // The tool's commit, marked when its sources differ from it (a figure must name what measured it).
  const toolCommit = `${git(root, ['rev-parse', 'HEAD']).trim().slice(0, 10)}${git(root, ['status', '--porcelain', '--', 'src']).trim() ? '+local' : ''}`;
  writeFileSync(resolve(out, 'releases.json'), `${JSON.stringify({ row: { ...row, toolCommit }, perRelease, unread, causes: Object.fromEntries([...kinds].sort((a, b) => b[1] - a[1])) }, null, 2)}\n`);
  console.log(`\n### ${service.name} (${commit.slice(0, 10)}, ${row.range}, ${row.seconds} s)`);
  console.log(`releases ${total}: true ${counts.true}, false ${counts.false}, unknown ${counts.unknown} — decided ${row.decidedPercent} %`);
  console.log(`PostgreSQL migration files added ${added}, read ${read}; surfaces checked (releases): ${Object.entries(checked).map(([surface, n]) => `${surface} ${n}`).join(', ')}`);
  for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`  ${String(n).padStart(3)} × ${kind}`);
  for (const line of unread.slice(0, 3)) console.log(`  unread: ${line}`);
}

const sum = (key) => rows.reduce((total, row) => total + (row[key] ?? 0), 0);
const decided = sum('true') + sum('false');
console.log('\n| Service | Commit | Releases | true | false | unknown | Decided | PG migrations added / read |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  if (row.error) console.log(`| ${row.service} | ${row.commit.slice(0, 10)} | backfill failed: ${row.error} |||||`);
  else console.log(`| ${row.service} | \`${row.commit}\` | ${row.releases} (${row.range}) | ${row.true} | ${row.false} | ${row.unknown} | ${row.decidedPercent} % | ${row.migrationsAdded} / ${row.migrationsRead} |`);
}
const totalReleases = sum('releases');
const totalAdded = sum('migrationsAdded');
console.log(
  `| **all** | | ${totalReleases} | ${sum('true')} | ${sum('false')} | ${sum('unknown')} | ${totalReleases ? Math.round((1000 * decided) / totalReleases) / 10 : 0} % | ${totalAdded} / ${sum('migrationsRead')} (${totalAdded ? Math.round((1000 * sum('migrationsRead')) / totalAdded) / 10 : 100} %) |`,
);
console.log('targets (issue #30): decided ≥ 80 %, PostgreSQL migration files read ≥ 95 %, no audited wrong true (bench/real-services-audit.md)');
writeFileSync(resolve(outRoot, 'summary.json'), `${JSON.stringify(rows, null, 2)}\n`);
if (markdownFile) {
  const saved = loadResults([outRoot]);
  const table = tableMarkdown(saved);
  const tools = [...new Set(saved.map(({ row }) => row.toolCommit).filter(Boolean))];
  writeFileSync(
    markdownFile,
    `${table.markdown}\n\nreal, release-safety at ${tools.map((commit) => `\`${commit}\``).join(', ') || '(not recorded)'}; targets (issue #30): ${table.targets.join('; ')}\n\n${tallyMarkdown(saved)}\n`,
  );
  console.log(`markdown table and tally: ${markdownFile}`);
}
