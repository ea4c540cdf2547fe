import { type Extraction, NO_LINKS, type ExtractOptions, type ModuleFacts, type ParsedFile } from './reads/types.js';
import { parseSource } from './reads/parse-file.js';
import { ReadCollector } from './reads/read-collector.js';

// The public surface stays here: importers name extract-reads.js, the pieces live in reads/.
export * from './reads/types.js';
export { extensionOf, parseSource } from './reads/parse-file.js';

/**
 * Environment-variable reads in one TypeScript/JavaScript file, found syntactically with the
 * source parser (`src/syntax/parse.ts`, no type checking). Module resolution is done outside, in
 * `module-links.ts`: what the file imports (an env wrapper module, constants) comes in as {@link LinkedImports}.
 */

/** Parses and lists the env reads of one file on its own (no imports followed). */
export function extractEnvReads(text: string, path: string, helpers: readonly string[], options: Partial<Omit<ExtractOptions, 'helpers'>> = {}): Extraction {
  const parsed = parseSource(text, path);
  if (!parsed.ok) return parsed;
  return readsOf(parsed.sourceFile, { helpers, objects: options.objects ?? [], linked: options.linked ?? NO_LINKS });
}

/** The env reads of a parsed file. */
export function readsOf(sourceFile: ParsedFile, options: ExtractOptions): Extraction {
  const collector = new ReadCollector(sourceFile, options);
  return { ok: true, ...collector.collect() };
}

/** The exports and value imports of a parsed file (its own bindings only). */
export function factsOf(sourceFile: ParsedFile, options: Omit<ExtractOptions, 'linked'>): ModuleFacts {
  return new ReadCollector(sourceFile, { ...options, linked: NO_LINKS }).facts();
}
