/**
 * The figures of bench/real-services.mjs as markdown, from what a run saved (`<out>/<service>/releases.json`):
 * the README table (one row per service, one total row, the targets met or not) and the tally of the
 * causes of `unknown` (per surface, grouped by cause, with the releases and files behind each).
 * Several out folders can be merged (services run as separate `--only` invocations); a service found
 * in more than one keeps the last folder's result.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Every service's saved result under the out folders, later folders winning. */
export function loadResults(outFolders) {
  const byService = new Map();
  for (const folder of outFolders) {
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort()) {
      const file = resolve(folder, name, 'releases.json');
      if (existsSync(file)) byService.set(name, JSON.parse(readFileSync(file, 'utf8')));
    }
  }
  return [...byService.values()];
}

const percent = (part, whole) => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);

/**
 * The parts of a "not checked (a; b; c)" reason, each a cause on its own (split on `; ` outside
 * brackets and backticks).
 */
export function reasonParts(reason) {
  const inner = reason.replace(/^not checked \(/, '').replace(/\)$/, '');
  const parts = [];
  let depth = 0;
  let quoted = false; // the quote character a quoted stretch opened with
  let start = 0;
  for (let at = 0; at < inner.length; at++) {
    const char = inner[at];
    if (char === '`' || char === '"') quoted = quoted === char ? false : quoted || char;
    else if (!quoted && (char === '(' || char === '[')) depth++;
    else if (!quoted && (char === ')' || char === ']')) depth = Math.max(0, depth - 1);
    else if (!quoted && depth === 0 && char === ';' && inner[at + 1] === ' ') {
      parts.push(inner.slice(start, at));
      start = at + 2;
    }
  }
  parts.push(inner.slice(start));
  const trimmed = parts.map((part) => part.trim()).filter(Boolean);
  // The report cuts a long reason: a cut last part repeating an earlier one's start adds nothing.
  return trimmed.filter((part, at) => !(at === trimmed.length - 1 && at > 0 && part.endsWith('…') && trimmed.some((other, index) => index < at && other.startsWith(part.slice(0, -1)))));
}

/** Known causes, most specific first: [label, test]. A part matching none is grouped by its blurred text. */
const CAUSES = [
  ['(note, not a cause) unreadable but identical at both refs: settled', /identical at both refs/],
  ['(note, not a cause) one glob selects no file at a ref, the others do', /the other globs do|compared as that ref has it/],
  ['git submodule whose commit changed (its files are another repository)', /submodule/],
  ['settings that move every route changed (global prefix, versioning)', /settings that move every route changed/],
  ['route path not a literal (a config value, a variable)', /the path .* is not a literal|path (is )?not a constant|not a string literal/i],
  ['REST routes left out of the document: declared shapes changed', /routes left out of the generated document/],
  ['REST shapes declared in changed code, no document compared', /shapes declared in changed code|shapes? (are )?declared in code/i],
  ['source globs select no file at a ref (the layout of the release is not covered)', /select no file|selects no file|match(es)? nothing|^(env|routes?) source glob/],
  ['process.env as one branch of `x ?? process.env`', /process\.env is one branch of/],
  ['process.env spread into an object', /process\.env is spread into/],
  ['process.env as a default value', /process\.env is the default of/],
  ['process.env passed to a function', /process\.env is passed to/],
  ['process.env[computed name]', /reads a variable whose name is computed/],
  ['MCP tool definition not readable (zod construct)', /MCP tool .* could not be read/],
  ['tRPC / oRPC procedures', /tRPC|oRPC|trpc|orpc/],
  ['GraphQL', /GraphQL|graphql/],
  ['MCP tools', /MCP|mcp/],
  ['OpenAPI document', /OpenAPI|openapi/],
];

/** A part with its variable bits (file names, numbers, quoted text) blurred, so like parts group. */
export function blur(part) {
  return part
    .replace(/`[^`]*`/g, '`…`')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\([^()]*\)/g, '(…)')
    .replace(/[\w./@[\]-]+\.(ts|tsx|js|mjs|cjs|sql|json|ya?ml)(:\d+)?/g, '<file>')
    .replace(/\d+/g, 'N')
    .slice(0, 140);
}

export function causeOf(part) {
  for (const [label, test] of CAUSES) if (test.test(part)) return label;
  return blur(part);
}

/** The first file (with its line) a reason part names, or undefined. */
export function fileOf(part) {
  const match = /(?:^|[\s`"(])((?:[\w@.-]+\/)*[\w@.[\]-]+\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|sql|json|ya?ml)(?::\d+)?)/.exec(part.replace(/\\/g, ''));
  return match?.[1];
}

/** What to show of a cause in one release: its file and line, and the construct quoted after it. */
function exampleOf(part) {
  const file = fileOf(part);
  const construct = /(?:is not supported|: )\\?`([^`]{1,80})\\?`|(process\.env\S*)/.exec(part.replace(/\\/g, ''));
  const submodule = /submodule \(?([\w./-]+)/.exec(part);
  return [file, construct?.[1] ?? construct?.[2], submodule ? `submodule ${submodule[1]}` : undefined].filter(Boolean).join(' — ') || part.slice(0, 120);
}

/** The README table: one row per service, the total, and the targets met or not. */
export function tableMarkdown(results) {
  const lines = [
    '| Service | Shape | Commit | Releases | true | false | unknown | Decided | PG migrations added / read |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const total = { releases: 0, true: 0, false: 0, unknown: 0, added: 0, read: 0 };
  for (const { row } of results) {
    lines.push(
      `| ${row.service} | ${row.shape} | \`${row.commit}\` | ${row.releases} (${row.range}) | ${row.true} | ${row.false} | ${row.unknown} | ${row.decidedPercent} % | ${row.migrationsAdded} / ${row.migrationsRead} |`,
    );
    total.releases += row.releases;
    total.true += row.true;
    total.false += row.false;
    total.unknown += row.unknown;
    total.added += row.migrationsAdded;
    total.read += row.migrationsRead;
  }
  const decided = percent(total.true + total.false, total.releases);
  const read = percent(total.read, total.added);
  lines.push(
    `| **all ${results.length}** | | | ${total.releases} | ${total.true} | ${total.false} | ${total.unknown} | **${decided} %** | ${total.added} / ${total.read} = **${read} %** |`,
  );
  const targets = [
    `decided ≥ 80 %: **${decided >= 80 ? 'met' : 'not met'}** (${decided} %)`,
    `PostgreSQL migration files read ≥ 95 %: **${read >= 95 ? 'met' : 'not met'}** (${read} %)`,
  ];
  return { markdown: lines.join('\n'), targets, total: { ...total, decided, readPercent: read } };
}

/** The tally of `unknown` causes: per service, then per cause across the corpus with releases and files. */
export function tallyMarkdown(results) {
  const out = [];
  const byCause = new Map();
  out.push('| Service | true | false | unknown | decided | PG added / read | unread files |', '|---|---|---|---|---|---|---|');
  for (const { row, perRelease, unread } of results) {
    out.push(`| ${row.service} | ${row.true} | ${row.false} | ${row.unknown} | ${row.decidedPercent} % | ${row.migrationsAdded} / ${row.migrationsRead} | ${unread.length ? unread.join('<br>') : ''} |`);
    for (const release of perRelease) {
      if (release.verdict !== 'unknown') continue;
      for (const { surface, reason } of release.why) {
        for (const part of reasonParts(reason)) {
          const key = `${surface}: ${causeOf(part)}`;
          const entry = byCause.get(key) ?? { releases: new Set(), examples: new Map() };
          const id = `${row.service} ${release.previousVersion}→${release.version}`;
          entry.releases.add(id);
          if (!entry.examples.has(id)) entry.examples.set(id, exampleOf(part));
          byCause.set(key, entry);
        }
      }
    }
  }
  out.push('', '## Causes of `unknown` (a release counts once per cause; a release usually has several)', '');
  for (const [cause, entry] of [...byCause].sort((a, b) => b[1].releases.size - a[1].releases.size)) {
    out.push(`### ${entry.releases.size} × ${cause}`, '');
    for (const [id, example] of entry.examples) out.push(`- ${id}: ${example.replace(/\|/g, '\\|')}`);
    out.push('');
  }
  return out.join('\n');
}
