import { posix } from 'node:path';
import { resolveImport } from '../../syntax/modules.js';

/**
 * TypeScript path aliases (`compilerOptions.paths` of the nearest tsconfig.json: `"@/*": ["./src/*"]`)
 * turned into the relative specifiers they stand for, so the closure and the evaluator follow
 * `import { x } from "@/features/poll/schema"` like a relative import. Only the nearest
 * tsconfig.json's own `paths` (with its `baseUrl`) are read, not `extends`; an alias that leads to no
 * file of the tree is left as written (the evaluator then names it).
 */

export interface AliasTable {
  /** The tsconfig.json that decides `path`, or `undefined` (none with `paths`). */
  configOf(path: string): { file: string; rules: readonly { prefix: string; suffix: string; targets: readonly string[] }[] } | undefined;
}

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\2/g;

/** Reads the `paths` of a tsconfig.json text (comments and trailing commas allowed); `undefined` when it has none or does not parse. */
export function readPaths(file: string, text: string): { file: string; rules: { prefix: string; suffix: string; targets: string[] }[] } | undefined {
  let json: { compilerOptions?: { paths?: Record<string, unknown>; baseUrl?: unknown } };
  try {
    json = JSON.parse(withoutComments(text).replace(/,(\s*[}\]])/g, '$1')) as typeof json;
  } catch {
    return undefined;
  }
  const paths = json.compilerOptions?.paths;
  if (!paths || typeof paths !== 'object') return undefined;
  const dir = posix.dirname(file);
  const baseUrl = typeof json.compilerOptions?.baseUrl === 'string' ? json.compilerOptions.baseUrl : '.';
  const rules: { prefix: string; suffix: string; targets: string[] }[] = [];
  for (const [pattern, targets] of Object.entries(paths)) {
    if (!Array.isArray(targets)) continue;
    const star = pattern.indexOf('*');
    const [prefix, suffix] = star === -1 ? [pattern, ''] : [pattern.slice(0, star), pattern.slice(star + 1)];
    const resolved = targets.filter((target): target is string => typeof target === 'string').map((target) => posix.normalize(posix.join(dir, baseUrl, target)));
    rules.push({ prefix: star === -1 ? pattern : prefix, suffix: star === -1 ? '\0exact' : suffix, targets: resolved });
  }
  // The longest prefix wins, as in TypeScript.
  rules.sort((a, b) => b.prefix.length - a.prefix.length);
  return { file, rules };
}

/** JSON with comments as JSON: comments outside strings removed (a glob such as `@/` + `*` inside a string is no comment). */
function withoutComments(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') {
      const end = stringEnd(text, index);
      out += text.slice(index, end);
      index = end - 1;
    } else if (char === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') index++;
      out += '\n';
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 1;
    } else out += char;
  }
  return out;
}

function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index + 1;
  }
  return text.length;
}

/** `text` with every aliased specifier that leads to a file of the tree written as a relative one. */
export function rewriteAliases(path: string, text: string, table: AliasTable, exists: (candidate: string) => boolean): string {
  const config = table.configOf(path);
  if (!config || config.rules.length === 0) return text;
  return text.replace(SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
    if (specifier.startsWith('.')) return whole;
    for (const rule of config.rules) {
      const exact = rule.suffix === '\0exact';
      if (exact ? specifier !== rule.prefix : !(specifier.startsWith(rule.prefix) && specifier.endsWith(rule.suffix) && specifier.length >= rule.prefix.length + rule.suffix.length)) continue;
      const rest = exact ? '' : specifier.slice(rule.prefix.length, specifier.length - rule.suffix.length);
      for (const target of rule.targets) {
        const absolute = target.replace('*', rest);
        let relative = posix.relative(posix.dirname(path), absolute);
        if (!relative.startsWith('.')) relative = `./${relative}`;
        if (resolveImport(path, relative, exists)) return `${lead}${quote}${relative}${quote}`;
      }
      return whole;
    }
    return whole;
  });
}
