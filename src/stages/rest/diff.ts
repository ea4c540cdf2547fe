import { compareText } from '../../core/compare-text.js';
import { createSchemaDiffMemo, diffSchemas, schemaDiffCost } from '../schema-diff/diff.js';
import type { DiffSchemasOptions, SchemaChange, SchemaDiffMemo, SchemaView } from '../schema-diff/types.js';
import { createUnchangedOperations } from './fingerprint.js';
import { isObject, pointerOf } from './json-pointer.js';
import { HTTP_METHODS } from './load.js';
import { DEFAULT_POLICY, type RestPolicy } from './policy.js';
import { securitySchemeChange } from './security-schemes.js';
import type { RestMediaType, RestOperation, RestParameter, RestRequestBody, RestResponse, RestSpec, SecurityAlternative } from './model.js';

/**
 * The REST diff (STYLE.md 3): what changed between two specs, operation by operation, with no
 * opinion. Rules in `rules/` read this and decide what breaks whom.
 */

export interface RestDiff {
  operationsAdded: RestOperation[];
  /** `pathRemoved`: no operation of the same path template is left in the revision. */
  operationsRemoved: Array<{ operation: RestOperation; pathRemoved: boolean }>;
  operationsChanged: OperationDiff[];
  /** Operations present on both sides with equal content (`fingerprint.ts`), skipped without a schema diff. */
  unchangedCount: number;
  /**
   * The schema diff's work over all operations (both views): pairs compared (each once per spec
   * pair and view, however many operations reach it) and walked. For tests and benchmarks.
   */
  schemaDiffCost: { pairsCompared: number; pairsWalked: number };
  /**
   * A security scheme redefined under the same name, once per operation (on both sides) whose
   * security names it on both sides: those clients authenticate the old way.
   */
  securitySchemesChanged: SecuritySchemeChange[];
  /** The team's deprecation and stability conventions, and the date sunsets are compared with. */
  policy: RestPolicy;
  /**
   * Operations whose base is `draft`/`alpha` (see `policy.ts`), taken out of the lists above by the
   * engine: what would break their callers is reported as one advisory each (`rules` names those rules).
   */
  unstableOperations: UnstableOperationChange[];
  /** OpenAPI 3.1 `webhooks` operations (by webhook name and method) only in the revision / only in the base. */
  webhooksAdded: WebhookOperation[];
  webhooksRemoved: WebhookOperation[];
}

/** One operation of an OpenAPI 3.1 webhook: the service calls the subscriber's endpoint with it. */
export interface WebhookOperation {
  name: string;
  /** `POST`. */
  method: string;
  /** `webhook 'orderDeleted'`: how findings name it in place of a path. */
  path: string;
  /** In the revision when added, in the base when removed. */
  pointer: string;
}

export interface UnstableOperationChange {
  /** The revision operation, or the base one when it was removed. */
  operation: RestOperation;
  stability: 'draft' | 'alpha';
  /** Ids of the breaking rules that fired on it, sorted. */
  rules: string[];
}

export interface SecuritySchemeChange {
  operation: RestOperation;
  scheme: string;
  /** `apiKey in header 'Authorization' → http bearer`. */
  change: string;
  /** The revision's definition, else (removed) the revision operation's security. */
  pointer: string;
}

/** A schema change at one place of an operation (a parameter, the request body, a response). */
export interface LocatedSchemaChange {
  change: SchemaChange;
  /** JSON pointer of the changed element in the revision (base for removals). */
  pointer: string;
  mediaType?: string;
}

export interface ParameterDiff {
  base: RestParameter;
  revision: RestParameter;
  schemaChanges: LocatedSchemaChange[];
}

export interface RequestBodyDiff {
  base: RestRequestBody;
  revision: RestRequestBody;
  mediaTypesRemoved: string[];
  schemaChanges: LocatedSchemaChange[];
}

export interface ResponseDiff {
  /** Status of the base response; the revision's may be its range (`2XX`) or `default`. */
  status: string;
  revisionStatus: string;
  mediaTypesRemoved: string[];
  schemaChanges: LocatedSchemaChange[];
  /** Headers the base response declared required that the revision's no longer guarantees: gone, or optional. */
  requiredHeadersLost: Array<{ name: string; change: 'removed' | 'became-optional'; pointer: string }>;
}

export interface SecurityChange {
  kind: 'scheme-added' | 'scope-added';
  scheme: string;
  scope?: string;
}

export interface OperationDiff {
  base: RestOperation;
  revision: RestOperation;
  pathParametersRenamed: Array<{ before: string; after: string; pointer: string }>;
  parametersAdded: RestParameter[];
  parametersRemoved: RestParameter[];
  parametersChanged: ParameterDiff[];
  /** Set when the base had no request body and the revision has one. */
  requestBodyAdded?: RestRequestBody;
  /** Set when the base had a request body and the revision has none (the base's). */
  requestBodyRemoved?: RestRequestBody;
  requestBodyChanged?: RequestBodyDiff;
  responsesRemoved: Array<{ status: string; response: RestResponse }>;
  responsesChanged: ResponseDiff[];
  /** What a client that satisfied the base security now lacks. */
  securityChanges: SecurityChange[];
}

export function diffSpecs(base: RestSpec, revision: RestSpec, policy: RestPolicy = DEFAULT_POLICY): RestDiff {
  const unchangedOperations = createUnchangedOperations(base, revision);
  // A component used in requests and responses is seen differently by each (readOnly / writeOnly
  // properties): one memo per view, each shared by every operation of this spec pair. A `$ref`
  // whose content is equal on both sides (decided once per pair of documents) is not walked at all.
  const optionsOf = (view: SchemaView): DiffSchemasOptions & { memo: SchemaDiffMemo } => ({
    resolveBase: base.resolve,
    resolveRevision: revision.resolve,
    view,
    memo: createSchemaDiffMemo(),
    unchangedRef: unchangedOperations.unchangedRef,
  });
  const schemaDiffOptions: Record<SchemaView, DiffSchemasOptions & { memo: SchemaDiffMemo }> = {
    request: optionsOf('request'),
    response: optionsOf('response'),
  };
  const schemaChanges: SchemaChangesOf = (view, baseSchema, revisionSchema, pointer, mediaType) =>
    baseSchema === undefined && revisionSchema === undefined
      ? []
      : diffSchemas(baseSchema, revisionSchema, schemaDiffOptions[view]).map((change) => ({
          change,
          pointer: pointer + change.pointer,
          ...(mediaType === undefined ? {} : { mediaType }),
        }));

  const result: RestDiff = {
    operationsAdded: [],
    operationsRemoved: [],
    operationsChanged: [],
    unchangedCount: 0,
    schemaDiffCost: { pairsCompared: 0, pairsWalked: 0 },
    securitySchemesChanged: [],
    policy,
    unstableOperations: [],
    webhooksAdded: [],
    webhooksRemoved: [],
  };
  const [baseWebhooks, revisionWebhooks] = [webhookOperations(base), webhookOperations(revision)];
  for (const [key, webhook] of baseWebhooks) if (!revisionWebhooks.has(key)) result.webhooksRemoved.push(webhook);
  for (const [key, webhook] of revisionWebhooks) if (!baseWebhooks.has(key)) result.webhooksAdded.push(webhook);
  const schemeChanges = new Map<string, string | undefined>();
  const schemeChange = (scheme: string): string | undefined => {
    if (!schemeChanges.has(scheme)) schemeChanges.set(scheme, securitySchemeChange(base.securitySchemes.get(scheme), revision.securitySchemes.get(scheme)));
    return schemeChanges.get(scheme);
  };
  // A scheme defined on neither side cannot have changed: when no defined one did, no operation needs its security read here.
  const anySchemeChanged = [...new Set([...base.securitySchemes.keys(), ...revision.securitySchemes.keys()])].some(
    (scheme) => schemeChange(scheme) !== undefined,
  );
  const revisionPaths = new Set([...revision.operations.keys()].map((key) => key.slice(key.indexOf(' ') + 1)));
  for (const key of [...base.operations.keys()].sort(compareText)) {
    if (!revision.operations.has(key)) {
      result.operationsRemoved.push({ operation: base.operations.get(key)!, pathRemoved: !revisionPaths.has(key.slice(key.indexOf(' ') + 1)) });
      continue;
    }
    // Judged by what the two models would be built from, before building them (most operations of a release are unchanged).
    const sources = anySchemeChanged ? 'differs' : unchangedOperations.compareSources(base.sources.get(key)!, revision.sources.get(key)!);
    if (sources === 'same') {
      result.unchangedCount += 1;
      continue;
    }
    const baseOperation = base.operations.get(key)!;
    const revisionOperation = revision.operations.get(key)!;
    for (const scheme of anySchemeChanged ? schemesOnBothSides(baseOperation, revisionOperation) : []) {
      const change = schemeChange(scheme);
      if (change === undefined) continue;
      const pointer = revision.securitySchemes.get(scheme)?.pointer ?? `${revisionOperation.pointer}/security`;
      result.securitySchemesChanged.push({ operation: revisionOperation, scheme, change, pointer });
    }
    // The same source text reaching a changed component: its models differ too (or the diff finds nothing).
    if (sources === 'differs' && unchangedOperations.unchanged(baseOperation, revisionOperation)) {
      result.unchangedCount += 1;
      continue;
    }
    result.operationsChanged.push(diffOperation(baseOperation, revisionOperation, schemaChanges));
  }
  for (const key of [...revision.operations.keys()].sort(compareText)) {
    if (!base.operations.has(key)) result.operationsAdded.push(revision.operations.get(key)!);
  }
  const [request, response] = [schemaDiffCost(schemaDiffOptions.request.memo), schemaDiffCost(schemaDiffOptions.response.memo)];
  result.schemaDiffCost = { pairsCompared: request.pairsCompared + response.pairsCompared, pairsWalked: request.pairsWalked + response.pairsWalked };
  return result;
}

/** The operations of a spec's `webhooks` (OpenAPI 3.1), by `name METHOD`, sorted; a path item may be a `$ref`. */
function webhookOperations(spec: RestSpec): Map<string, WebhookOperation> {
  const found = new Map<string, WebhookOperation>();
  const webhooks = spec.document.webhooks;
  if (!isObject(webhooks)) return found;
  for (const name of Object.keys(webhooks).sort(compareText)) {
    let item: unknown = webhooks[name];
    for (let hops = 0; isObject(item) && typeof item.$ref === 'string' && hops < 32; hops += 1) item = spec.resolve(item.$ref);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      if (isObject(item[method]))
        found.set(`${name} ${method}`, { name, method: method.toUpperCase(), path: `webhook '${name}'`, pointer: pointerOf('webhooks', name, method) });
    }
  }
  return found;
}

function schemesOnBothSides(base: RestOperation, revision: RestOperation): string[] {
  const named = (operation: RestOperation) => new Set(operation.security.flatMap((alternative) => [...alternative.keys()]));
  const before = named(base);
  return [...named(revision)].filter((scheme) => before.has(scheme)).sort(compareText);
}

type SchemaChangesOf = (view: SchemaView, baseSchema: unknown, revisionSchema: unknown, pointer: string, mediaType?: string) => LocatedSchemaChange[];

function diffOperation(base: RestOperation, revision: RestOperation, schemaChanges: SchemaChangesOf): OperationDiff {
  const diff: OperationDiff = {
    base,
    revision,
    pathParametersRenamed: [],
    parametersAdded: [],
    parametersRemoved: [],
    parametersChanged: [],
    responsesRemoved: [],
    responsesChanged: [],
    securityChanges: securityChanges(base.security, revision.security),
  };
  base.pathParameterNames.forEach((before, position) => {
    const after = revision.pathParameterNames[position];
    if (after !== undefined && after !== before) diff.pathParametersRenamed.push({ before, after, pointer: revision.pointer });
  });

  for (const [key, baseParameter] of [...base.parameters.entries()].sort(([a], [b]) => compareText(a, b))) {
    const revisionParameter = revision.parameters.get(key);
    if (!revisionParameter) diff.parametersRemoved.push(baseParameter);
    else
      diff.parametersChanged.push({
        base: baseParameter,
        revision: revisionParameter,
        schemaChanges: schemaChanges('request', baseParameter.schema, revisionParameter.schema, `${revisionParameter.pointer}/schema`),
      });
  }
  for (const [key, revisionParameter] of [...revision.parameters.entries()].sort(([a], [b]) => compareText(a, b))) {
    if (!base.parameters.has(key)) diff.parametersAdded.push(revisionParameter);
  }

  if (!base.requestBody && revision.requestBody) diff.requestBodyAdded = revision.requestBody;
  if (base.requestBody && !revision.requestBody) diff.requestBodyRemoved = base.requestBody;
  if (base.requestBody && revision.requestBody) {
    const { removed, common } = compareContent(base.requestBody.content, revision.requestBody.content);
    diff.requestBodyChanged = {
      base: base.requestBody,
      revision: revision.requestBody,
      mediaTypesRemoved: removed,
      schemaChanges: common.flatMap(([type, before, after]) => schemaChanges('request', before.schema, after.schema, after.schemaPointer, type)),
    };
  }

  for (const status of [...base.responses.keys()].sort(compareText)) {
    const baseResponse = base.responses.get(status)!;
    const matches = matchingResponses(status, revision.responses);
    if (matches.length === 0) diff.responsesRemoved.push({ status, response: baseResponse });
    for (const revisionStatus of matches) {
      const revisionResponse = revision.responses.get(revisionStatus)!;
      const { removed, common } = compareContent(baseResponse.content, revisionResponse.content);
      diff.responsesChanged.push({
        status,
        revisionStatus,
        mediaTypesRemoved: removed,
        requiredHeadersLost: requiredHeadersLost(baseResponse, revisionResponse),
        schemaChanges: common.flatMap(([type, before, after]) => schemaChanges('response', before.schema, after.schema, after.schemaPointer, type)),
      });
    }
  }
  return diff;
}

function requiredHeadersLost(base: RestResponse, revision: RestResponse): ResponseDiff['requiredHeadersLost'] {
  const lost: ResponseDiff['requiredHeadersLost'] = [];
  for (const [key, header] of [...base.headers.entries()].sort(([a], [b]) => compareText(a, b))) {
    if (!header.required) continue;
    const after = revision.headers.get(key);
    if (!after) lost.push({ name: header.name, change: 'removed', pointer: header.pointer });
    else if (!after.required) lost.push({ name: after.name, change: 'became-optional', pointer: after.pointer });
  }
  return lost;
}

/**
 * The revision responses a base response is compared with: the same code; else its range
 * (`200` → `2XX`); a base range is compared with the revision's codes inside it; a non-success
 * code falls back to `default`. None means the status is gone.
 */
export function matchingResponses(status: string, revision: ReadonlyMap<string, unknown>): string[] {
  if (revision.has(status)) return [status];
  if (/^\d{3}$/.test(status) && revision.has(`${status[0]}XX`)) return [`${status[0]}XX`];
  if (/^\dXX$/.test(status)) {
    const inRange = [...revision.keys()].filter((code) => /^\d{3}$/.test(code) && code[0] === status[0]).sort(compareText);
    if (inRange.length > 0) return inRange;
  }
  if (!status.startsWith('2') && status !== 'default' && revision.has('default')) return ['default'];
  return [];
}

function compareContent(
  base: ReadonlyMap<string, RestMediaType>,
  revision: ReadonlyMap<string, RestMediaType>,
): { removed: string[]; common: Array<[string, RestMediaType, RestMediaType]> } {
  const removed: string[] = [];
  const common: Array<[string, RestMediaType, RestMediaType]> = [];
  for (const type of [...base.keys()].sort(compareText)) {
    const after = revision.get(type);
    if (after) common.push([type, base.get(type)!, after]);
    else removed.push(type);
  }
  return { removed, common };
}

/**
 * A client that satisfied some base alternative must still satisfy some revision alternative.
 * For each base alternative that no revision alternative accepts, the closest revision alternative
 * says what is now missing: scopes of a scheme the client already uses, or whole schemes.
 */
export function securityChanges(base: readonly SecurityAlternative[], revision: readonly SecurityAlternative[]): SecurityChange[] {
  if (revision.length === 0 || revision.some((alternative) => alternative.size === 0)) return [];
  const clientAlternatives = base.length === 0 ? [new Map<string, readonly string[]>()] : base;
  const found = new Map<string, SecurityChange>();
  for (const client of clientAlternatives) {
    const gaps = revision.map((alternative) => missingFor(client, alternative));
    if (gaps.some((gap) => gap.length === 0)) continue;
    const fewestSchemes = Math.min(...gaps.map((gap) => gap.filter((change) => change.kind === 'scheme-added').length));
    const closest =
      gaps.filter((gap) => gap.filter((change) => change.kind === 'scheme-added').length === fewestSchemes).sort((a, b) => a.length - b.length)[0] ?? [];
    for (const change of closest) found.set(`${change.kind}:${change.scheme}:${change.scope ?? ''}`, change);
  }
  return [...found.entries()].sort(([a], [b]) => compareText(a, b)).map(([, change]) => change);
}

function missingFor(client: SecurityAlternative, required: SecurityAlternative): SecurityChange[] {
  const missing: SecurityChange[] = [];
  for (const [scheme, scopes] of [...required.entries()].sort(([a], [b]) => compareText(a, b))) {
    const held = client.get(scheme);
    if (!held) missing.push({ kind: 'scheme-added', scheme });
    else for (const scope of scopes) if (!held.includes(scope)) missing.push({ kind: 'scope-added', scheme, scope });
  }
  return missing;
}
