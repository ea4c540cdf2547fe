/**
 * What a code-reading surface (routes, MCP, env, GraphQL, tRPC) adds to a whole `generate` process
 * (issue 36, target: ≤ 30 %): one git repository with two tagged commits, the same release run with
 * the surface configured and without it, interleaved run by run (machine load drifts over both
 * alike), CPU of node and the git it waited for (GNU time, 10 ms resolution), medians.
 *
 * Every surcharge row of the README comes from here. Set `RS_BENCH_CLI_B=<other dist/bin/release-safety.js>`
 * to measure another build in the same interleaving (A/B), e.g. main's checkout against a branch: each
 * build gets its own pair of rows, and the md5 of the with-surface `--json` output of each is printed
 * (identical outputs are the hard rule of a speed change).
 *
 * Each build has a cache folder of its own in the bench's temporary folder (a build removes the
 * derived-cache folders of other builds, and the user's cache is no bench's business), warmed by one
 * untimed run of each config: the rows are a repeated release, the V8 code cache and the derived cache
 * warm. `RS_BENCH_COLD=1` removes the derived cache (`derived-*`, not the code cache) before every
 * timed run: a release whose files no earlier run read.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The builds to compare: this checkout's bin (A), and `RS_BENCH_CLI_B` (B) when set. */
function builds() {
  const list = [{ name: 'this build', cli: join(root, 'dist', 'bin', 'release-safety.js') }];
  if (process.env.RS_BENCH_CLI_B) list.push({ name: `B (${process.env.RS_BENCH_CLI_B})`, cli: process.env.RS_BENCH_CLI_B });
  for (const { cli } of list) {
    if (!existsSync(cli)) {
      console.error(`bench: ${cli} is missing; run npm run build first`);
      process.exit(2);
    }
  }
  return list;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Builds the repository (`base` files tagged 1.0.0, then `head` written over them and tagged 1.1.0)
 * and measures `generate --from 1.0.0 --to 1.1.0` with `withSurface` and `withoutSurface` configs.
 * Prints a markdown table and returns the medians.
 */
export function measureSurcharge({ title, surface, base, head, withSurface, withoutSurface, runs = 7, describeOutput }) {
  const list = builds();
  const work = mkdtempSync(join(tmpdir(), `rs-bench-surcharge-${surface}-`));
  const repo = join(work, 'service');
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', NO_COLOR: '1' };
  const git = (...args) => execFileSync('git', args, { cwd: repo, env, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
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
  write(base);
  commitAndTag('1.0.0');
  write(head);
  commitAndTag('1.1.0');
  const configs = { without: join(work, 'without.json'), with: join(work, 'with.json') };
  writeFileSync(configs.without, JSON.stringify(withoutSurface));
  writeFileSync(configs.with, JSON.stringify(withSurface));

  const cold = process.env.RS_BENCH_COLD === '1';
  const cacheOf = (index) => join(work, `cache-${index}`);
  const envOf = (index) => ({ ...env, RELEASE_SAFETY_CACHE_DIR: cacheOf(index) });
  const forgetDerived = (index) => {
    if (!existsSync(cacheOf(index))) return;
    for (const name of readdirSync(cacheOf(index))) if (name.startsWith('derived-')) rmSync(join(cacheOf(index), name), { recursive: true, force: true });
  };
  const generateArgs = (cli, config) => [cli, 'generate', '--repo', repo, '--from', '1.0.0', '--to', '1.1.0', '--config', config];
  function timeOnce(index, config) {
    if (cold) forgetDerived(index);
    const start = performance.now();
    const result = spawnSync('/usr/bin/time', ['-f', 'rs-time %U %S', process.execPath, ...generateArgs(list[index].cli, config), '--out', join(work, 'out.json'), '--quiet'], {
      env: envOf(index),
      encoding: 'utf8',
    });
    const wall = performance.now() - start;
    if (result.status !== 0) throw new Error(`generate exited ${result.status}: ${result.stderr}`);
    const [, user, system] = /rs-time ([\d.]+) ([\d.]+)/.exec(result.stderr) ?? [];
    return { wall, cpu: (Number(user) + Number(system)) * 1000 };
  }

  try {
    list.forEach((_, index) => {
      for (const kind of ['without', 'with']) timeOnce(index, configs[kind]);
    });
    const loadBefore = loadavg()[0];
    const samples = list.map(() => ({ without: { wall: [], cpu: [] }, with: { wall: [], cpu: [] } }));
    for (let run = 0; run < runs; run++) {
      list.forEach((build, index) => {
        for (const kind of ['without', 'with']) {
          const { wall, cpu } = timeOnce(index, configs[kind]);
          samples[index][kind].wall.push(wall);
          samples[index][kind].cpu.push(cpu);
        }
      });
    }
    const loadAfter = loadavg()[0];
    console.log(`${title}; median of ${runs} interleaved runs, derived cache ${cold ? 'cold (removed before each run)' : 'warm (the same release ran before)'}; load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} (synthetic)\n`);
    console.log(`| build | generate without ${surface} (floor) CPU | with ${surface} CPU | ${surface} adds (CPU) | wall without → with |`);
    console.log('|---|---|---|---|---|');
    const figures = list.map((build, index) => {
      const figure = (kind, field) => median(samples[index][kind][field]);
      const added = ((figure('with', 'cpu') - figure('without', 'cpu')) / figure('without', 'cpu')) * 100;
      console.log(
        `| ${build.name} | ${figure('without', 'cpu').toFixed(0)} ms | ${figure('with', 'cpu').toFixed(0)} ms | +${added.toFixed(0)} % (+${(figure('with', 'cpu') - figure('without', 'cpu')).toFixed(0)} ms) | ${figure('without', 'wall').toFixed(0)} → ${figure('with', 'wall').toFixed(0)} ms |`,
      );
      return { build: build.name, withoutCpu: figure('without', 'cpu'), withCpu: figure('with', 'cpu'), addedPercent: added };
    });
    console.log('');
    for (const [index, build] of list.entries()) {
      // Cold derived cache, then warm: a cached result must read the same.
      const outputs = [true, false].map((clear) => {
        if (clear) forgetDerived(index);
        return execFileSync(process.execPath, [...generateArgs(build.cli, configs.with), '--json'], { env: envOf(index), maxBuffer: 256 * 1024 * 1024 }).toString();
      });
      const [coldMd5, warmMd5] = outputs.map((output) => createHash('md5').update(output).digest('hex'));
      const md5 = coldMd5 === warmMd5 ? coldMd5 : `${coldMd5} cold, ${warmMd5} warm: DIFFERENT`;
      console.log(`${build.name}: with-${surface} --json output md5 ${md5}${describeOutput ? `; ${describeOutput(JSON.parse(outputs[0]))}` : ''}`);
    }
    return figures;
  } finally {
    if (process.env.KEEP) console.log(`\nkept ${repo}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A generated OpenAPI 3.0 document of about `bytes` bytes (one path and one schema per thing); the
 * first operation's description is `description`, so two calls make a release that edits the spec.
 * Every surcharge bench's release edits a 1 MB spec beside the surface's files: the floor is a real
 * release's `generate`, not node's start-up alone.
 */
export function openapiDocument(bytes, description) {
  const paths = {};
  const schemas = {};
  for (let i = 0; JSON.stringify({ paths, schemas }).length < bytes; i++) {
    schemas[`Thing${i}`] = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string', maxLength: 200 } } };
    paths[`/api/v1/things${i}/{id}`] = {
      get: {
        description: i === 0 ? description : `Get thing ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } } } } },
      },
    };
  }
  return `${JSON.stringify({ openapi: '3.0.0', info: { title: 'bench', version: '1.0.0' }, paths, components: { schemas } }, null, 2)}\n`;
}

/** The spec of both refs of every surcharge bench (the release edits it). */
export const SPEC = { path: 'api/openapi.json', base: () => openapiDocument(1_000_000, 'Get thing 0'), head: () => openapiDocument(1_000_000, 'Get thing 0, now longer') };
