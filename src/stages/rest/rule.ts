import type { Rule } from '../../rules/define.js';
import type { Finding, FindingParams } from '../../rules/types.js';
import { isAlternative } from '../schema-diff/composition.js';
import type { SchemaChange, SchemaChangeKind } from '../schema-diff/types.js';
import type { LocatedSchemaChange, OperationDiff, ParameterDiff, ResponseDiff, RestDiff } from './diff.js';
import type { RestOperation } from './model.js';
import { DEFAULT_POLICY, type RestPolicy } from './policy.js';
import type { ServedRoute } from './routes/resolve.js';
import type { RouteRuleExample, RoutesDiff } from './routes/rule.js';

/**
 * What a REST rule is (STYLE.md 1): `defineRule({ surface: 'rest', direction, … }, examples, check)`,
 * where `check` reads the {@link RestChanges} (the OpenAPI documents' diff and the diff of the routes
 * the code serves) and emits findings (id + parameters + evidence), never prose.
 */

/** Whose expectation the change breaks: a client's request, or a client reading a response. */
export type RestDirection = 'request' | 'response';

/** One example, as YAML of the `paths` (and `components`) of both specs: shown in the docs, run by the catalogue test. */
export interface RestRuleExample {
  readonly base: string;
  readonly revision: string;
  /**
   * The policy the example is judged under (extension names, the `--to` commit's date): by default
   * oasdiff's extension names and {@link EXAMPLE_TODAY}, so examples with sunset dates stay stable.
   */
  readonly policy?: Partial<RestPolicy>;
}

/** The date examples are judged on (a release's own date in real runs: the `--to` commit's). */
export const EXAMPLE_TODAY = '2026-06-01';

/** What a REST rule reads: the diff of the OpenAPI documents, and of the routes the code serves (`routes`). */
export interface RestChanges extends RestDiff {
  readonly routes: RoutesDiff;
}

/**
 * Emits one finding of the rule being checked: at a spec operation (with the JSON pointer of the
 * change), or at a route the code serves (evidence: its file and line). `method` and `path` come from it.
 */
export interface Emit {
  (operation: Pick<RestOperation, 'method' | 'path'>, params: FindingParams, pointer: string): void;
  (route: ServedRoute, params?: FindingParams): void;
}

export type RestCheck = (diff: RestChanges, emit: Emit) => void;

declare module '../../rules/define.js' {
  interface RuleSurfaces {
    /** A rule over the documents takes spec fragments as examples; one over the served routes, source trees. */
    rest: { check: RestCheck; example: RestRuleExample | RouteRuleExample; meta: { readonly direction: RestDirection } };
  }
}

export type RestRule<Id extends string = string> = Rule<Id, 'rest'>;
export type RestRuleMeta<Id extends string = string> = RestRule<Id>['meta'];

export const REST_DOCS = 'docs/rest.md';

/** The documents' diff with no route read from the code (the routes are compared apart, see {@link routeChanges}). */
export function specChanges(diff: RestDiff): RestChanges {
  return { ...diff, routes: { removed: [], added: [], undocumented: [] } };
}

/** The routes' diff with no document changed. */
export function routeChanges(routes: RoutesDiff): RestChanges {
  return {
    operationsAdded: [],
    operationsRemoved: [],
    operationsChanged: [],
    unchangedCount: 0,
    schemaDiffCost: { pairsCompared: 0, pairsWalked: 0 },
    securitySchemesChanged: [],
    policy: DEFAULT_POLICY,
    unstableOperations: [],
    webhooksAdded: [],
    webhooksRemoved: [],
    routes,
  };
}

/** The findings of one rule over one diff. */
export function runRestRule<Id extends string>(rule: RestRule<Id>, diff: RestChanges): Finding<Id>[] {
  const findings: Finding<Id>[] = [];
  const bodies = bodiesOfSeveralMediaTypes(diff);
  const emit = (at: Pick<RestOperation, 'method' | 'path'> | ServedRoute, params: FindingParams = {}, pointer?: string): void => {
    findings.push(
      isServedRoute(at)
        ? routeFinding(rule.meta.id, at, params)
        : { rule: rule.meta.id, params: { method: at.method, path: at.path, ...withMediaType(params, pointer, bodies) }, evidence: { pointer } },
    );
  };
  rule.check(diff, emit);
  return findings;
}

/**
 * The schema pointer of each media type of a changed request body or response that has more than
 * one (on either side) → that media type. A change seen through two media types is two findings, each
 * naming its media type (as oasdiff's checkers do): one finding would carry the first one's pointer
 * only, and an acceptance placed on that media type would cover the other's break too.
 */
function bodiesOfSeveralMediaTypes(diff: RestDiff): Array<{ schemaPointer: string; mediaType: string }> {
  const found: Array<{ schemaPointer: string; mediaType: string }> = [];
  const add = (base: ReadonlyMap<string, unknown> | undefined, revision: ReadonlyMap<string, { schemaPointer: string }> | undefined) => {
    if (revision === undefined || Math.max(base?.size ?? 0, revision.size) < 2) return;
    // Swagger 2.0 gives every `consumes`/`produces` type the one schema: a change there is one finding.
    const shared = new Set([...revision.values()].map((media) => media.schemaPointer).filter((at, index, all) => all.indexOf(at) !== index));
    for (const [mediaType, media] of revision) if (!shared.has(media.schemaPointer)) found.push({ schemaPointer: media.schemaPointer, mediaType });
  };
  for (const operation of diff.operationsChanged) {
    if (operation.requestBodyChanged !== undefined) add(operation.requestBodyChanged.base.content, operation.requestBodyChanged.revision.content);
    for (const response of operation.responsesChanged)
      add(operation.base.responses.get(response.status)?.content, operation.revision.responses.get(response.revisionStatus)?.content);
  }
  return found;
}

/** A finding inside one media type of such a body names it: in its element (`request property 'email' (media type application/xml)`), else as `mediaType`. */
function withMediaType(params: FindingParams, pointer: string | undefined, bodies: ReadonlyArray<{ schemaPointer: string; mediaType: string }>): FindingParams {
  if (pointer === undefined || 'mediaType' in params) return params;
  const body = bodies.find(({ schemaPointer }) => pointer === schemaPointer || pointer.startsWith(`${schemaPointer}/`));
  if (body === undefined) return params;
  return typeof params.element === 'string'
    ? { ...params, element: `${params.element} (media type ${body.mediaType})` }
    : { ...params, mediaType: body.mediaType };
}

function isServedRoute(at: Pick<RestOperation, 'method' | 'path'> | ServedRoute): at is ServedRoute {
  return 'file' in at && 'line' in at;
}

/** A route under a router whose mount could not be followed shows its local path as `…/local/path`. */
function routeFinding<Id extends string>(rule: Id, route: ServedRoute, params: FindingParams): Finding<Id> {
  const path = route.anchor === undefined ? route.path : `…${route.path}`;
  return { rule, params: { method: route.method, path, file: route.file, line: route.line, ...params }, evidence: { file: route.file, line: route.line } };
}

// ---- walking the parts of the diff a rule reads ----------------------------------------------

export function forEachParameterChange(
  diff: RestDiff,
  kinds: readonly SchemaChangeKind[],
  visit: (located: LocatedSchemaChange, parameter: ParameterDiff, operation: OperationDiff) => void,
): void {
  for (const operation of diff.operationsChanged) {
    for (const parameter of operation.parametersChanged) {
      for (const located of parameter.schemaChanges) if (kinds.includes(located.change.kind)) visit(located, parameter, operation);
    }
  }
}

export function forEachRequestBodyChange(
  diff: RestDiff,
  kinds: readonly SchemaChangeKind[],
  visit: (located: LocatedSchemaChange, operation: OperationDiff) => void,
): void {
  for (const operation of diff.operationsChanged) {
    for (const located of operation.requestBodyChanged?.schemaChanges ?? []) if (kinds.includes(located.change.kind)) visit(located, operation);
  }
}

export function forEachResponseChange(
  diff: RestDiff,
  kinds: readonly SchemaChangeKind[],
  visit: (located: LocatedSchemaChange, response: ResponseDiff, operation: OperationDiff) => void,
): void {
  for (const operation of diff.operationsChanged) {
    for (const response of operation.responsesChanged) {
      for (const located of response.schemaChanges) if (kinds.includes(located.change.kind)) visit(located, response, operation);
    }
  }
}

/**
 * `detail`s (keywords) of `constraint-tightened` request-body changes that have a rule of their own
 * (`request-property-pattern-added`, the JSON Schema 2020-12 keyword rules): the catch-all
 * `request-property-constraint-tightened` leaves them to it, so one change is one finding.
 */
export const REQUEST_KEYWORD_RULE_DETAILS: ReadonlySet<string> = new Set([
  'contains',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'dependentRequired',
  'dependentSchemas',
  'else',
  'if',
  'maxContains',
  'minContains',
  'pattern',
  'patternProperties',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** The same for `constraint-loosened` response changes: the catch-all `response-property-constraint-loosened` leaves them to their rule. */
export const RESPONSE_KEYWORD_RULE_DETAILS: ReadonlySet<string> = new Set([
  'contains',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'dependentRequired',
  'dependentSchemas',
  'else',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'if',
  'maxContains',
  'maximum',
  'minContains',
  'minimum',
  'patternProperties',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
  'pattern',
]);

/** Every schema change of what a caller sends: parameters and request bodies, each with the element it describes (`query parameter 'tags'`, `request property 'user.email'`). */
export function forEachRequestSchemaChange(
  diff: RestDiff,
  kinds: readonly SchemaChangeKind[],
  visit: (located: LocatedSchemaChange, element: string, operation: OperationDiff) => void,
): void {
  forEachParameterChange(diff, kinds, (located, { revision }, operation) =>
    visit(located, parameterElement(revision.location, revision.name, located.change.path), operation),
  );
  forEachRequestBodyChange(diff, kinds, (located, operation) => visit(located, requestElement(located.change.path), operation));
}

// ---- sub-schemas appearing and vanishing, by direction ------------------------------------------

/** The schema-diff kinds {@link requestSchemaNarrowing} and {@link responseSchemaWidening} read. */
export const SCHEMA_PRESENCE_KINDS: readonly SchemaChangeKind[] = ['schema-added', 'schema-removed'];

/**
 * A sub-schema that now restricts what callers may send (`items`, `not`, an `allOf` branch, a whole
 * `anyOf`, a body schema where there was none), or an `anyOf`/`oneOf` alternative they may have used, gone.
 */
export function requestSchemaNarrowing(change: SchemaChange): { before: string; after: string } | undefined {
  if (change.kind === 'schema-added' && !isAlternative(change)) return { before: 'any', after: 'schema' };
  if (change.kind === 'schema-removed' && isAlternative(change)) return { before: 'alternative', after: 'none' };
  return undefined;
}

/** A response sub-schema dropped (anything may come back), or a new `anyOf`/`oneOf` alternative readers do not know. */
export function responseSchemaWidening(change: SchemaChange): { before: string; after: string } | undefined {
  if (change.kind === 'schema-removed' && !isAlternative(change)) return { before: 'documented', after: 'undocumented' };
  if (change.kind === 'schema-added' && isAlternative(change)) return { before: 'documented', after: 'new alternative' };
  return undefined;
}

// ---- wording of elements and values in messages -------------------------------------------------

/** `query parameter 'tags'`, or a part of its schema: `query parameter 'tags[]'`. */
export function parameterElement(location: string, name: string, schemaPath = '(root)'): string {
  return `${location} parameter '${name}${subPath(schemaPath)}'`;
}

/** `request body` for the body itself, else `request property 'user.email'`. */
export function requestElement(schemaPath: string): string {
  return schemaPath === '(root)' ? 'request body' : `request property '${schemaPath}'`;
}

/** `response 200 body` for the body itself, else `response 200 property 'results.data[].tags'`. */
export function responseElement(status: string, schemaPath: string): string {
  return schemaPath === '(root)' ? `response ${status} body` : `response ${status} property '${schemaPath}'`;
}

function subPath(schemaPath: string): string {
  if (schemaPath === '(root)') return '';
  return schemaPath.startsWith('[') ? schemaPath : `.${schemaPath}`;
}

/** A value as it appears in a message: JSON (`"dashboard"`, `10`), or `none` when absent. */
export function formatValue(value: unknown): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}

/** A type set of the schema diff (`["integer","string"]`, `[]` = any type) as `integer|string` / `any`. */
export function formatTypes(types: unknown): string {
  return Array.isArray(types) && types.length > 0 ? types.join('|') : 'any';
}
