import { bundleExternalRefs, mayHaveExternalRefs, type ReadSibling } from './bundle.js';
import { isLocalRef, isObject, pointerOf, resolveLocalRef } from './json-pointer.js';
import { SpecError } from './spec-error.js';
import { formatOf, parseJsonOrYaml } from '../../core/structured-text.js';

/**
 * Loading an OpenAPI document from its text: JSON or YAML, then a structural validation of what
 * the diff relies on. Full JSON-Schema validation with swagger-parser cost ~180 ms cold per 1.5 MB
 * spec (two specs: the whole 300 ms budget), so it is not used; see docs/rest.md "Validation".
 */

export type OpenApiVersion = '2.0' | '3.0' | '3.1';

export interface LoadedSpec {
  version: OpenApiVersion;
  document: Record<string, unknown>;
  /**
   * Recoverable problems (an operation without `responses`, an unknown key, a `$ref` with
   * siblings), each `<path>: <pointer>: <problem>`: the document is still diffed, and these are
   * reported beside the findings. Only unparseable text or an unresolvable `$ref` stops the diff.
   */
  warnings: string[];
}

/** Warnings listed per document before the rest are summed up in one line (a large hand-written spec can have hundreds). */
const MAX_WARNINGS = 20;

export { SpecError };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const PARAMETER_LOCATIONS = new Set(['query', 'header', 'path', 'cookie', 'body', 'formData']);

export async function parseSpecText(text: string, path: string): Promise<unknown> {
  try {
    return await parseJsonOrYaml(text, path);
  } catch (error) {
    throw new SpecError(`${path} does not parse as ${formatOf(path, text)}: ${(error as Error).message}`);
  }
}

function specVersionOf(document: Record<string, unknown>): OpenApiVersion | undefined {
  if (document.swagger === '2.0') return '2.0';
  if (typeof document.openapi === 'string') {
    if (/^3\.0\.\d+$/.test(document.openapi)) return '3.0';
    if (/^3\.1\.\d+$/.test(document.openapi)) return '3.1';
  }
  return undefined;
}

/**
 * Parses and structurally validates; throws {@link SpecError} naming the first problem.
 * With `readSibling`, `$ref`s to other files of the same tree are followed (see `bundle.ts`);
 * without it they make the spec unloadable.
 */
export async function loadSpec(text: string, path: string, readSibling?: ReadSibling): Promise<LoadedSpec> {
  const document = await parseSpecText(text, path);
  if (!isObject(document)) throw new SpecError(`${path} is not an OpenAPI document (expected an object at the top)`);
  const version = specVersionOf(document);
  if (!version) {
    const declared = document.openapi ?? document.swagger;
    throw new SpecError(
      declared === undefined
        ? `${path} is not an OpenAPI document (no "openapi" or "swagger" version field)`
        : `${path}: unsupported OpenAPI version ${JSON.stringify(declared)} (expected 2.0, 3.0.x or 3.1.x)`,
    );
  }
  // Without a `$ref` to another file there is nothing to bundle (the walk costs ~15 ms per MB). A
  // reference the text scan misses (written with escapes) is refused by checkReferences below.
  const bundled = readSibling !== undefined && mayHaveExternalRefs(text);
  if (bundled) await bundleExternalRefs(document, path, readSibling, parseSpecText);
  // The document is its JSON text unless files were mounted into it: references can then be found in the text.
  const warnings = validateStructure(document, version, path, !bundled && formatOf(path, text) === 'JSON' ? text : undefined);
  return { version, document, warnings: capped(warnings, path) };
}

function capped(warnings: readonly string[], path: string): string[] {
  if (warnings.length <= MAX_WARNINGS) return [...warnings];
  return [...warnings.slice(0, MAX_WARNINGS), `${path}: ${warnings.length - MAX_WARNINGS} more warnings like these`];
}

const TOP_LEVEL_KEYS: Readonly<Record<OpenApiVersion, ReadonlySet<string>>> = {
  '2.0': new Set([
    'swagger',
    'info',
    'host',
    'basePath',
    'schemes',
    'consumes',
    'produces',
    'paths',
    'definitions',
    'parameters',
    'responses',
    'securityDefinitions',
    'security',
    'tags',
    'externalDocs',
  ]),
  '3.0': new Set(['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags', 'externalDocs']),
  '3.1': new Set(['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'externalDocs']),
};
const OPERATION_KEYS = new Set([
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'consumes',
  'produces',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
  'schemes',
]);

/** Throws on what the diff cannot read past; returns the recoverable problems. */
function validateStructure(document: Record<string, unknown>, version: OpenApiVersion, path: string, jsonText: string | undefined): string[] {
  const fail = (pointer: string, problem: string): never => {
    throw new SpecError(`${path}: invalid OpenAPI ${version} document at ${pointer || '/'}: ${problem}`);
  };
  const warnings: string[] = [];
  const warn = (pointer: string, problem: string): void => {
    warnings.push(`${path}: ${pointer || '/'}: ${problem}`);
  };
  for (const key of Object.keys(document))
    if (!key.startsWith('x-') && !TOP_LEVEL_KEYS[version].has(key)) warn(pointerOf(key), `unknown key "${key}" (ignored)`);
  // Neither is read by the diff: a document without them is still compared (no paths: no operations).
  if (!isObject(document.info)) warn('/info', 'missing info object (not needed for the comparison)');
  const paths = document.paths;
  if (paths === undefined && version !== '3.1') warn('/paths', 'missing paths object (read as no operations)');
  if (paths !== undefined && !isObject(paths)) fail('/paths', 'paths must be an object');
  for (const [template, rawItem] of Object.entries(isObject(paths) ? paths : {})) {
    if (template.startsWith('x-')) continue;
    const itemPointer = pointerOf('paths', template);
    if (!template.startsWith('/')) fail(itemPointer, 'path must start with "/"');
    const item = isObject(rawItem) && typeof rawItem.$ref === 'string' ? resolveLocalRef(document, rawItem.$ref) : rawItem;
    if (!isObject(item)) fail(itemPointer, 'path item must be an object');
    const pathItem = item as Record<string, unknown>;
    checkParameters(document, pathItem.parameters, `${itemPointer}/parameters`, fail);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const operationPointer = `${itemPointer}/${method}`;
      if (!isObject(operation)) fail(operationPointer, 'operation must be an object');
      const { responses, parameters } = operation as Record<string, unknown>;
      // Read as "no documented response": a response added later is then no finding, and one removed cannot be.
      if (responses === undefined && version !== '3.1') warn(`${operationPointer}/responses`, 'missing responses object (read as no documented response)');
      if (responses !== undefined && !isObject(responses)) warn(`${operationPointer}/responses`, 'responses is not an object (read as no documented response)');
      for (const key of Object.keys(operation as object)) {
        if (!key.startsWith('x-') && !OPERATION_KEYS.has(key)) warn(pointerOf('paths', template, method, key), `unknown key "${key}" (ignored)`);
      }
      checkParameters(document, parameters, `${operationPointer}/parameters`, fail);
    }
  }
  if (!(jsonText === undefined ? referencesPlainAndResolved(document, version) : jsonReferencesPlainAndResolved(jsonText, document, version))) {
    checkReferences(document, version, fail, warn);
  }
  return warnings;
}

function checkParameters(document: Record<string, unknown>, parameters: unknown, pointer: string, fail: (pointer: string, problem: string) => never): void {
  if (parameters === undefined) return;
  if (!Array.isArray(parameters)) fail(pointer, 'parameters must be an array');
  for (const [index, raw] of (parameters as unknown[]).entries()) {
    const parameter = isObject(raw) && typeof raw.$ref === 'string' ? resolveLocalRef(document, raw.$ref) : raw;
    if (!isObject(parameter)) fail(`${pointer}/${index}`, 'parameter must be an object');
    const { name, in: location } = parameter as Record<string, unknown>;
    if (typeof name !== 'string') fail(`${pointer}/${index}/name`, 'parameter without a name');
    if (typeof location !== 'string' || !PARAMETER_LOCATIONS.has(location)) {
      fail(`${pointer}/${index}/in`, `parameter location ${JSON.stringify(location)} is not one of query, header, path, cookie, body, formData`);
    }
  }
}

/**
 * Every `$ref` must lead somewhere. References to other files are left only when they could not be
 * bundled (no reader given): the spec is then reported unchecked (docs/rest.md).
 * The walk keeps the key path as an array and spells a pointer only for the error message.
 */
function checkReferences(
  document: Record<string, unknown>,
  version: OpenApiVersion,
  fail: (pointer: string, problem: string) => never,
  warn: (pointer: string, problem: string) => void,
): void {
  const checked = new Set<string>();
  const trail: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        const child: unknown = node[index];
        if (child !== null && typeof child === 'object') {
          trail.push(String(index));
          walk(child);
          trail.pop();
        }
      }
      return;
    }
    const record = node as Record<string, unknown>;
    // OpenAPI 3.1 allows siblings of a `$ref` (a summary, a description, JSON Schema keywords); 2.0 and 3.0 ignore them.
    if (version !== '3.1' && typeof record.$ref === 'string') {
      const siblings = Object.keys(record).filter((key) => key !== '$ref' && !key.startsWith('x-'));
      if (siblings.length > 0) warn(pointerOf(...trail), `$ref with sibling keys ${siblings.join(', ')} (OpenAPI ${version} ignores keys beside a $ref)`);
    }
    for (const key in record) {
      const child = record[key];
      if (key === '$ref' && typeof child === 'string') {
        if (checked.has(child)) continue;
        checked.add(child);
        if (!isLocalRef(child)) fail(pointerOf(...trail, '$ref'), `reference to another document (${child}) is not followed`);
        if (resolveLocalRef(document, child) === undefined) fail(pointerOf(...trail, '$ref'), `unresolved reference ${child}`);
      } else if (child !== null && typeof child === 'object') {
        trail.push(key);
        walk(child);
        trail.pop();
      }
    }
  };
  walk(document);
}

/**
 * The common case of {@link checkReferences} in one plain walk (no key path kept, no pointer
 * spelled): every `$ref` string is local and resolves and, in 2.0/3.0, stands alone in its object.
 * `false` sends the document through the full walk, which names the first problem and warns about
 * siblings. Iterative, so a deep document cannot overflow the stack.
 */
function referencesPlainAndResolved(document: Record<string, unknown>, version: OpenApiVersion): boolean {
  const resolved = new Set<string>();
  const pending: object[] = [document];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (Array.isArray(node)) {
      for (const child of node as unknown[]) if (child !== null && typeof child === 'object') pending.push(child);
      continue;
    }
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string') {
      if (version !== '3.1') for (const key in record) if (key !== '$ref' && !key.startsWith('x-')) return false;
      if (!resolved.has(ref)) {
        if (!isLocalRef(ref) || resolveLocalRef(document, ref) === undefined) return false;
        resolved.add(ref);
      }
    }
    for (const key in record) {
      const child = record[key];
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
  return true;
}

/**
 * {@link referencesPlainAndResolved} read off the JSON text the document was parsed from (a native
 * regular-expression scan instead of a walk over every object). In valid JSON, `"$ref"` followed by
 * a colon is always a key (a quote inside a string is escaped, and a string value is never followed
 * by a colon), and a string value follows when a quote does. Only a key spelled with escapes
 * (`"\u0024ref"`) could hide: a text holding such an escape of `$`, `r`, `e` or `f` goes through the walk.
 * In 2.0/3.0 every such `$ref` must also be its object's only key (`{ "$ref": "…" }`), else the walk warns.
 */
function jsonReferencesPlainAndResolved(text: string, document: Record<string, unknown>, version: OpenApiVersion): boolean {
  if (/\\u00(?:24|72|65|66)/i.test(text)) return false;
  const resolved = new Set<string>();
  let keys = 0;
  for (const match of text.matchAll(/"\$ref"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
    keys += 1;
    const raw = match[1]!;
    if (resolved.has(raw)) continue;
    const ref = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
    if (!isLocalRef(ref) || resolveLocalRef(document, ref) === undefined) return false;
    resolved.add(raw);
  }
  if (version === '3.1' || keys === 0) return true;
  return (text.match(/\{\s*"\$ref"\s*:\s*"(?:[^"\\]|\\.)*"\s*\}/g)?.length ?? 0) === keys;
}
