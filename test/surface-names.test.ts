import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SURFACES } from '../src/surfaces/registry.js';

/**
 * A surface's name is spelled in its stage (`src/stages/<surface>/`) and the registry
 * (`src/surfaces/`) only: generate, the verdict, the reports and `release-safety rules` iterate the
 * registry (issue 12). Scans every source file (tests excluded, comments skipped) for a surface name
 * as a string literal. Where the same word is something else, bound by the contract or the CLI, the
 * file and the word are allowed below, each with why.
 */
const ALLOWED: readonly { file: string; name: string; why: string }[] = [
  { file: 'src/cli/diff.ts', name: 'mcp', why: 'the `diff mcp` subcommand (CLI interface)' },
  { file: 'src/ci-formats/from-diff.ts', name: 'rest', why: 'maps the `diff openapi` subcommand to its surface' },
  { file: 'src/ci-formats/from-diff.ts', name: 'mcp', why: 'maps the `diff mcp` subcommand to its surface' },
  { file: 'src/ci-formats/from-lint.ts', name: 'migrations', why: '`lint-migrations` is the migrations surface’s own command' },
  { file: 'src/plan/build-plan.ts', name: 'rest', why: 'the artifact field `api.rest` (contract) shown in the upgrade plan' },
  { file: 'src/plan/build-plan.ts', name: 'mcp', why: 'the artifact field `api.mcp` (contract) shown in the upgrade plan' },
  { file: 'src/init/detect.ts', name: 'migrations', why: 'the config key `migrations` that `init` writes' },
  { file: 'src/init/detect.ts', name: 'graphql', why: 'the config key `graphql` that `init` writes' },
  { file: 'src/init/detect.ts', name: 'trpc', why: 'the config key `trpc` that `init` writes' },
  { file: 'src/init/detect-api-surfaces.ts', name: 'graphql', why: 'the config key `graphql` that `init` writes' },
  { file: 'src/init/detect-api-surfaces.ts', name: 'trpc', why: 'the config key `trpc` that `init` writes' },
  { file: 'src/generate/checked-surfaces.ts', name: 'rest', why: 'the config key `rest` (REST policies): unset means its defaults' },
  { file: 'src/index/validate-document.ts', name: 'migrations', why: 'the artifact field `migrations` (contract) that tells an artifact from an index' },
  { file: 'src/action/inputs.ts', name: 'config', why: 'the Action input `config` (action.yml)' },
  { file: 'src/index/regenerate.ts', name: 'config', why: 'the floor source word `config` (index output)' },
  { file: 'src/index/backfill-pairs.ts', name: 'config', why: 'a property of the backfill job, not the surface' },
  { file: 'src/stages/migrations/extract/knex.ts', name: 'config', why: 'knex’s own `exports.config` of a migration file' },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** `file:line 'name'` for every surface name spelled as a string literal outside its stage and the registry. */
function strayNames(surfaces: readonly string[]): string[] {
  const literal = new RegExp(`(['"\`])(${surfaces.join('|')})\\1`, 'g');
  const stray: string[] = [];
  for (const path of sourceFiles(resolve('src'))) {
    const file = relative(resolve('.'), path).split('\\').join('/');
    // The registry names them; a file generated from the artifact schema spells its contract field names.
    if (file.startsWith('src/surfaces/') || file.endsWith('.generated.ts')) continue;
    const folder = /^src\/stages\/([^/]+)\//.exec(file)?.[1];
    // The env-var surface's stage lives in src/stages/env/ (src/config/ is the tool's own config file); its surface id stays `config`.
    const ownSurface = folder === 'env' ? 'config' : folder;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const match of line.matchAll(literal)) {
          const name = match[2]!;
          if (name === ownSurface || ALLOWED.some((allowed) => allowed.file === file && allowed.name === name)) continue;
          stray.push(`${file}:${index + 1} '${name}'`);
        }
      });
  }
  return stray;
}

describe('surface names', () => {
  it('are spelled in their stage and the registry only', () => {
    expect(strayNames(SURFACES)).toEqual([]);
  });

  it('allow-list entries are still needed (a stale one hides nothing)', () => {
    for (const { file, name } of ALLOWED) {
      const text = readFileSync(file, 'utf8');
      expect(text.includes(`'${name}'`) || text.includes(`"${name}"`), `${file} still spells '${name}'`).toBe(true);
    }
  });
});
