import type { ApiSurfaceSection } from '../../artifact/types.js';
import type { GraphqlSurfaceConfig } from '../../config/types.js';
import { describeError } from '../../core/errors.js';
import type { Finding } from '../../rules/types.js';
import { absentApiSection, apiSectionFromFindings, apiSectionSummary, apiSectionVerdict, uncheckedApiResult, uncheckedApiSection } from '../api-section.js';
import { applyApiAcceptance, rulesWithSettings } from '../api-acceptance.js';
import type { Side, Stage, StageInput, StageResult } from '../contract.js';
import picomatch from 'picomatch';
import { NOT_SERVER_SOURCES } from '../source-globs.js';
import { selectionChanged, selectPaths, undeclaredSurfaceEvidence } from '../undeclared-surface.js';
import { GRAPHQL_RULE_CATALOGUE, GRAPHQL_RULES } from './catalogue.js';
import type { AssembledSchema, FileReading, FileSchema, UnknownCoordinate } from './code-first.js';
import type { SdlDocument } from './schema-diff.js';
import { runGraphqlRules } from './sdl-diff.js';
import { GRAPHQL_SERVER_DEPENDENCIES } from './servers.js';
import { throughDerivedCache } from '../../core/json-round-trip.js';

/**
 * The GraphQL surface: the schema the server serves, from committed SDL files (config
 * `graphql.schema`) and/or code-first definitions (`graphql.sources`, read in `code-first.ts`),
 * compared with graphql-inspector's classification and judged by the rules in `rules/`. The
 * artifact has no member of its own for it (contract: `api` holds `rest` and `mcp`): its lines are
 * reported under `api.rest`, prefixed `GraphQL:` (src/surfaces/registry.ts folds them).
 *
 * - key missing → not configured: `unknown` when the head ref shows a GraphQL server (a server
 *   library in a package.json, a `schema.graphql`), otherwise the service has none;
 * - no file of either selection changed → no change, nothing parsed or loaded;
 * - a file that does not parse, SDL that builds no schema → unchecked, `unknown`, naming the file;
 * - a code-first definition that cannot be read → that coordinate is left out at both refs and the
 *   surface is `unknown` unless a proven break decides it;
 * - no file selected at the base ref → a new surface: everything is added, nothing breaks.
 */
export const graphqlStage: Stage<ApiSurfaceSection> = {
  surface: 'graphql',
  rules: GRAPHQL_RULE_CATALOGUE,
  run: runGraphqlStage,
  failClosed: uncheckedApiSection,
  configKeys: ['graphql'],
  configuredPaths: (config) => {
    const graphql = config.graphql;
    if (!graphql) return [];
    return [
      ...(graphql.schema ?? []).map((glob, index) => ({ key: `graphql.schema[${index}]`, path: glob, shape: 'glob' as const })),
      ...(graphql.sources ?? []).map((glob, index) => ({ key: `graphql.sources[${index}]`, path: glob, shape: 'glob' as const })),
    ];
  },
  sectionVerdict: apiSectionVerdict,
  acceptance: { where: "the config's `rules` settings only (a schema read from SDL or code has no place to write an acknowledgement)" },
  summary: apiSectionSummary,
};

const SIDE_LABEL: Record<Side, string> = { base: 'base (from) ref', head: 'head (to) ref' };
const SDL_FILE = /\.(graphql|gql|graphqls)$/i;
const CODE_FILE = /\.(m|c)?[jt]sx?$/i;
const notServer = picomatch([...NOT_SERVER_SOURCES], { dot: true });

/**
 * Code-first files the globs select, without tests, stories, mocks and declaration files under a
 * glob's root (a test double's `@ObjectType` is not served; a `.d.ts` holds no class that runs): a
 * path the config names literally is always read.
 */
function selectCode(input: StageInput, side: Side, globs: readonly string[]): string[] {
  const literal = new Set(globs.filter((glob) => !picomatch.scan(glob).isGlob).map((glob) => glob.replace(/^\.\//, '')));
  return selectPaths(input, side, globs, CODE_FILE).filter((path) => literal.has(path) || !notServer(path));
}
const SCHEMA_FILE = /(^|\/)(schema\.(graphql|gql)|[^/]+\.graphqls)$/i;

async function runGraphqlStage(input: StageInput): Promise<StageResult<ApiSurfaceSection>> {
  const config = input.config.graphql;
  if (config === false) return { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] };
  if (config === undefined) {
    const evidence = await undeclaredSurfaceEvidence(input, { dependencies: GRAPHQL_SERVER_DEPENDENCIES, files: SCHEMA_FILE });
    if (evidence)
      return uncheckedApiResult(
        `GraphQL surface not configured, but ${evidence}: name the schema (\`graphql: { schema | sources }\`) or set \`graphql: false\``,
      );
    return { section: absentApiSection(), verdict: { checked: true, breaking: false }, findings: [], notes: [] };
  }
  return compareGraphql(input, config);
}

const fileCache = new Map<string, FileReading>();
/** Bump when what a file reading holds changes shape (the derived cache's tool fingerprint covers changes of code). */
const READING_KIND = 'graphql-code-first-file/1';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isLine = (value: unknown): boolean => Number.isInteger(value);
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every(isString);
const listOf = (value: unknown, check: (item: unknown) => boolean): boolean => Array.isArray(value) && value.every(check);
const optional = (value: unknown, check: (item: unknown) => boolean): boolean => value === undefined || check(value);
const isTypeRef = (value: unknown): boolean =>
  isRecord(value) && isString(value.name) && typeof value.list === 'boolean' && typeof value.nullable === 'boolean' && typeof value.itemsNullable === 'boolean';
const isArg = (value: unknown): boolean =>
  isRecord(value) && isString(value.name) && isTypeRef(value.type) && optional(value.defaultValue, isString) && isLine(value.line);
const isField = (value: unknown): boolean =>
  isRecord(value) &&
  isString(value.name) &&
  optional(value.type, isTypeRef) &&
  listOf(value.args, isArg) &&
  isStrings(value.argsClasses) &&
  isLine(value.line) &&
  optional(value.defaultValue, isString) &&
  optional(value.unknown, isString);
const CLASS_KINDS: readonly unknown[] = ['object', 'interface', 'input', 'args', 'resolver'];
const ROOTS: readonly unknown[] = ['Query', 'Mutation', 'Subscription'];
const isClass = (value: unknown): boolean =>
  isRecord(value) &&
  isString(value.name) &&
  CLASS_KINDS.includes(value.kind) &&
  isString(value.graphqlName) &&
  optional(value.extendsName, isString) &&
  optional(
    value.mapped,
    (mapped) =>
      isRecord(mapped) && optional(mapped.omit, isStrings) && optional(mapped.pick, isStrings) && optional(mapped.partial, (item) => typeof item === 'boolean'),
  ) &&
  isStrings(value.implementsNames) &&
  typeof value.abstract === 'boolean' &&
  listOf(value.fields, isField) &&
  listOf(value.roots, (root) => isRecord(root) && ROOTS.includes(root.root) && isField(root.field)) &&
  optional(value.resolverOf, isString) &&
  listOf(value.resolveFields, isField) &&
  isLine(value.line) &&
  optional(value.unknown, isString);

/** The shape of {@link FileReading} (code-first.ts), checked down to every field. */
function isFileReading(value: unknown): value is FileReading {
  if (!isRecord(value)) return false;
  if (value.ok === false) return isString(value.reason);
  const schema = value.schema;
  return (
    value.ok === true &&
    isRecord(schema) &&
    isString(schema.file) &&
    listOf(schema.classes, isClass) &&
    listOf(schema.enums, (item) => isRecord(item) && isString(item.name) && isStrings(item.members) && isLine(item.line)) &&
    listOf(schema.registeredEnums, (item) => isRecord(item) && isString(item.name) && isString(item.graphqlName) && isLine(item.line)) &&
    listOf(schema.unions, (item) => isRecord(item) && isString(item.name) && isString(item.graphqlName) && isStrings(item.members) && isLine(item.line)) &&
    listOf(schema.unread, (item) => isRecord(item) && isLine(item.line) && isString(item.reason))
  );
}
const CACHE_LIMIT = 20_000;

async function compareGraphql(input: StageInput, config: GraphqlSurfaceConfig): Promise<StageResult<ApiSurfaceSection>> {
  const select = (side: Side) => ({ sdl: selectPaths(input, side, config.schema ?? [], SDL_FILE), code: selectCode(input, side, config.sources ?? []) });
  const base = select('base');
  const head = select('head');
  if (head.sdl.length + head.code.length === 0)
    return uncheckedApiResult(`graphql ${JSON.stringify(config)} selects no SDL or source file at the ${SIDE_LABEL.head}`);
  // What no selected file changed cannot have changed: nothing is read, the parser is not loaded.
  if (!selectionChanged(input, base.sdl, head.sdl) && !selectionChanged(input, base.code, head.code)) return checkedResult(input, []);
  const baseEmpty = base.sdl.length + base.code.length === 0;

  const sides = {} as Record<Side, { sdl: SdlDocument[]; files: FileSchema[] }>;
  for (const side of ['base', 'head'] as const) {
    const paths = side === 'base' ? base : head;
    const sdl: SdlDocument[] = [];
    for (const path of paths.sdl) {
      const text = await input.read(side, path);
      if (text === undefined) return uncheckedApiResult(`GraphQL schema file ${path} could not be read at the ${SIDE_LABEL[side]}`);
      sdl.push({ file: path, text });
    }
    const files: FileSchema[] = [];
    if (paths.code.length > 0) {
      const { readFileSchema } = await import('./code-first.js');
      for (const path of paths.code) {
        const blob = input.trees[side].get(path)!;
        let reading = fileCache.get(blob);
        if (!reading) {
          const text = await input.read(side, path);
          if (text === undefined) return uncheckedApiResult(`GraphQL source ${path} could not be read at the ${SIDE_LABEL[side]}`);
          // Kept in the derived cache by blob and path too: a repeated release and the next pair of a
          // backfill (whose base is this pair's head) parse no unchanged source (issue 36).
          reading = throughDerivedCache(input.derivedCache, READING_KIND, [blob, path], isFileReading, () => readFileSchema(path, text));
          if (fileCache.size >= CACHE_LIMIT) fileCache.clear();
          fileCache.set(blob, reading);
        }
        if (!reading.ok) return uncheckedApiResult(`GraphQL schema could not be read at the ${SIDE_LABEL[side]}: ${reading.reason}`);
        files.push({ ...reading.schema, file: path });
      }
    }
    sides[side] = { sdl, files };
  }

  const [{ assembleSchema }, { buildSchemaFrom, diffSchemas }] = await Promise.all([import('./code-first.js'), import('./schema-diff.js')]);
  // Coordinates unknown at either ref are left out at both, so an unread definition is never a removal.
  // Leaving a type out makes the fields that name it unknown too: repeated until nothing more is left out.
  const omit = new Set<string>();
  const unknown: (UnknownCoordinate & { side: Side })[] = [];
  const assembled: Partial<Record<Side, AssembledSchema>> = {};
  for (let round = 0; round < 5; round++) {
    const before = omit.size;
    for (const side of ['base', 'head'] as const) {
      if (sides[side].files.length === 0) continue;
      assembled[side] = assembleSchema(sides[side].files, omit);
      for (const item of assembled[side].unknown) {
        unknown.push({ ...item, side });
        omit.add(item.coordinate);
      }
    }
    if (omit.size === before) break;
  }
  const schemaOf = (side: Side) => {
    const documents = [...sides[side].sdl];
    const code = assembled[side];
    // The last round left nothing more out: its SDL is the one compared.
    if (code) documents.push({ file: 'code-first schema', text: code.sdl, lines: code.lines });
    return buildSchemaFrom(documents);
  };
  const head_ = schemaOf('head');
  if (!head_.ok) return uncheckedApiResult(`GraphQL schema at the ${SIDE_LABEL.head}: ${head_.reason}`);
  const base_ = baseEmpty ? buildSchemaFrom([]) : schemaOf('base');
  if (!base_.ok) return uncheckedApiResult(`GraphQL schema at the ${SIDE_LABEL.base}: ${base_.reason}`);

  let findings: Finding[];
  try {
    findings = runGraphqlRules(await diffSchemas(base_, head_), GRAPHQL_RULES);
  } catch (error) {
    return uncheckedApiResult(`GraphQL schemas could not be compared: ${describeError(error)}`);
  }
  const notes: string[] = [];
  if (baseEmpty) notes.push(`the GraphQL schema is new at the ${SIDE_LABEL.head}: everything in it counts as added`);
  const seen = new Set<string>();
  for (const item of unknown) {
    const key = `${item.coordinate}\0${item.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const what = item.coordinate === '*' ? 'GraphQL schema' : `GraphQL ${item.coordinate}`;
    notes.push(`${what} (${item.file}:${item.line}) is unknown at the ${SIDE_LABEL[item.side]}: ${item.reason}`);
  }
  return checkedResult(input, findings, notes, unknown.length > 0);
}

function checkedResult(input: StageInput, findings: Finding[], notes: string[] = [], unproven = false): StageResult<ApiSurfaceSection> {
  // The schema has no document to write an acknowledgement in: only the config's rule settings apply.
  const applied = applyApiAcceptance('graphql', findings, { added: [], problems: [] }, () => false, GRAPHQL_RULE_CATALOGUE, input.acceptance);
  const section = apiSectionFromFindings(applied.remaining, rulesWithSettings(GRAPHQL_RULE_CATALOGUE, input.acceptance), applied.acceptedFindings);
  if (unproven && section.breaking === false) section.breaking = 'unknown';
  return {
    section,
    verdict: { checked: true, breaking: section.breaking },
    findings,
    notes,
    ...(applied.accepted.length > 0 ? { accepted: applied.accepted } : {}),
  };
}
