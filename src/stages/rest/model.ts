import { isObject, pointerOf, resolveLocalRef } from './json-pointer.js';
import { extensionsOf } from './policy.js';
import { HTTP_METHODS, SpecError, type LoadedSpec, type OpenApiVersion } from './load.js';

/**
 * One internal model for OpenAPI 2.0, 3.0 and 3.1: operations keyed by method + path template with
 * parameter names erased, path-level parameters merged in, Swagger 2.0 `body`/`formData` parameters
 * turned into a request body, and the effective security (operation-level, else global).
 * Schemas stay as written (with their `$ref`s): the schema diff follows them through {@link RestSpec.resolve}.
 */

export interface RestParameter {
  location: string;
  name: string;
  required: boolean;
  deprecated: boolean;
  /** The parameter's `x-…` keys (a sunset, see `policy.ts`). */
  extensions: Readonly<Record<string, unknown>>;
  schema: unknown;
  style: string;
  explode: boolean;
  pointer: string;
}

export interface RestMediaType {
  schema: unknown;
  /** Where the schema is written (Swagger 2.0: the body parameter's or response's `schema`). */
  schemaPointer: string;
}

export interface RestRequestBody {
  required: boolean;
  content: ReadonlyMap<string, RestMediaType>;
  pointer: string;
}

export interface RestResponse {
  content: ReadonlyMap<string, RestMediaType>;
  /** By lower-cased name (header names are case-insensitive). */
  headers: ReadonlyMap<string, RestResponseHeader>;
  pointer: string;
}

export interface RestResponseHeader {
  /** As written. */
  name: string;
  /** Whether every response carries it (Swagger 2.0 has no `required` on headers: never). */
  required: boolean;
  schema: unknown;
  pointer: string;
}

/** One alternative of a security requirement: every listed scheme (with its scopes) is needed. */
export type SecurityAlternative = ReadonlyMap<string, readonly string[]>;

export interface RestOperation {
  /** `GET /api/v1/saved/{}`: how operations are matched between the two specs. */
  key: string;
  method: string;
  path: string;
  pathParameterNames: readonly string[];
  deprecated: boolean;
  /** The operation's `x-…` keys (stability level, sunset: see `policy.ts`). */
  extensions: Readonly<Record<string, unknown>>;
  /** By {@link parameterKey}: `query:page`, `header:authorization`, path parameters by position `path:#0`. */
  parameters: ReadonlyMap<string, RestParameter>;
  requestBody?: RestRequestBody;
  /** By status code as written (`200`, `2XX`, `default`). */
  responses: ReadonlyMap<string, RestResponse>;
  /** Alternatives (any one suffices); empty means no authentication. */
  security: readonly SecurityAlternative[];
  pointer: string;
}

/** A security scheme as defined (`components.securitySchemes`, Swagger 2.0 `securityDefinitions`), `$ref` followed. */
export interface RestSecurityScheme {
  definition: unknown;
  pointer: string;
}

/**
 * What one operation's model is built from, besides the document-wide `security` (and Swagger 2.0
 * `consumes`/`produces`): two operations with equal sources (`$ref`s followed) have equal models.
 */
export interface RestOperationSource {
  /** The path as served (server or base path prefix + template, parameter names kept). */
  path: string;
  /** The path item as written (possibly a `$ref`). */
  rawItem: unknown;
  /** The path item (its `$ref` followed). */
  item: Record<string, unknown>;
  operation: Record<string, unknown>;
}

export interface RestSpec {
  version: OpenApiVersion;
  document: Record<string, unknown>;
  /** Built on first access of each operation (a diff skips the unchanged ones by their {@link sources}). */
  operations: ReadonlyMap<string, RestOperation>;
  /** By the same keys as {@link operations}. */
  sources: ReadonlyMap<string, RestOperationSource>;
  /** By scheme name, as requirements name them. */
  securitySchemes: ReadonlyMap<string, RestSecurityScheme>;
  /** The loader's recoverable problems ({@link LoadedSpec.warnings}). */
  warnings: readonly string[];
  resolve(ref: string): unknown;
}

const PATH_PARAMETER = /\{([^}]+)\}/g;

function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(PATH_PARAMETER, '{}')}`;
}

function parameterKey(location: string, name: string, pathParameterNames: readonly string[]): string {
  if (location === 'path') {
    const position = pathParameterNames.indexOf(name);
    if (position >= 0) return `path:#${position}`;
  }
  // Header names are case-insensitive (RFC 9110).
  return `${location}:${location === 'header' ? name.toLowerCase() : name}`;
}

export function buildModel(loaded: LoadedSpec): RestSpec {
  const { document, version } = loaded;
  const resolved = new Map<string, unknown>();
  const resolve = (ref: string): unknown => {
    if (!resolved.has(ref)) resolved.set(ref, resolveLocalRef(document, ref));
    return resolved.get(ref);
  };
  const deref = (node: unknown): unknown => {
    // Parameter, request body and response objects may be `$ref`s (possibly chained).
    for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 32; hops += 1) node = resolve(node.$ref);
    return node;
  };
  const basePath = (version === '2.0' ? (typeof document.basePath === 'string' ? document.basePath : '') : serverBasePath(document.servers)).replace(
    /\/+$/,
    '',
  );
  const globalSecurity = document.security;
  const sources = new Map<string, RestOperationSource & { method: (typeof HTTP_METHODS)[number]; template: string }>();
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [template, rawItem] of Object.entries(paths)) {
    if (template.startsWith('x-')) continue;
    const item = deref(rawItem);
    if (!isObject(item)) continue;
    const path = `${basePath}${template}`;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const key = operationKey(method, path);
      const existing = sources.get(key);
      if (existing)
        throw new SpecError(
          `${existing.method.toUpperCase()} ${existing.path} and ${method.toUpperCase()} ${path} are the same operation (path templates differ only in parameter names)`,
        );
      sources.set(key, { path, rawItem, item, operation, method, template });
    }
  }
  const build = (key: string): RestOperation => {
    const { path, item, operation, method, template } = sources.get(key)!;
    const pathParameterNames = [...path.matchAll(PATH_PARAMETER)].map((match) => match[1] ?? '');
    const pointer = pointerOf('paths', template, method);
    const declared = collectParameters(item.parameters, operation.parameters, pointerOf('paths', template), pointer, deref);
    const parameters = new Map<string, RestParameter>();
    for (const parameter of declared) {
      if (parameter.location === 'body' || parameter.location === 'formData') continue;
      parameters.set(parameterKey(parameter.location, parameter.name, pathParameterNames), parameter);
    }
    const requestBody =
      version === '2.0'
        ? swaggerRequestBody(declared, operation, document, pointer)
        : openApiRequestBody(deref(operation.requestBody), `${pointer}/requestBody`);
    return {
      key,
      method: method.toUpperCase(),
      path,
      pathParameterNames,
      deprecated: operation.deprecated === true,
      extensions: extensionsOf(operation),
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses: collectResponses(operation, document, version, pointer, deref),
      security: securityAlternatives(operation.security !== undefined ? operation.security : globalSecurity),
      pointer,
    };
  };
  return {
    version,
    document,
    operations: new LazyOperations([...sources.keys()], build),
    sources,
    securitySchemes: securitySchemesOf(document, version, deref),
    warnings: loaded.warnings,
    resolve,
  };
}

/**
 * The operations of a spec, each built when first read: a diff of two large specs that differ in a
 * few operations builds only those (the others are found equal by their sources). Building never
 * throws (the loader already refused what cannot be read), so the laziness changes no outcome.
 */
class LazyOperations implements ReadonlyMap<string, RestOperation> {
  private readonly built = new Map<string, RestOperation>();
  private readonly order: readonly string[];
  private readonly known: ReadonlySet<string>;

  constructor(
    keys: readonly string[],
    private readonly build: (key: string) => RestOperation,
  ) {
    this.order = keys;
    this.known = new Set(keys);
  }

  get size(): number {
    return this.order.length;
  }

  has(key: string): boolean {
    return this.known.has(key);
  }

  get(key: string): RestOperation | undefined {
    if (!this.known.has(key)) return undefined;
    let operation = this.built.get(key);
    if (!operation) {
      operation = this.build(key);
      this.built.set(key, operation);
    }
    return operation;
  }

  keys(): MapIterator<string> {
    return this.order[Symbol.iterator]() as MapIterator<string>;
  }

  *values(): MapIterator<RestOperation> {
    for (const key of this.order) yield this.get(key)!;
  }

  *entries(): MapIterator<[string, RestOperation]> {
    for (const key of this.order) yield [key, this.get(key)!];
  }

  [Symbol.iterator](): MapIterator<[string, RestOperation]> {
    return this.entries();
  }

  forEach(callback: (value: RestOperation, key: string, map: ReadonlyMap<string, RestOperation>) => void, thisArg?: unknown): void {
    for (const [key, operation] of this.entries()) callback.call(thisArg, operation, key, this);
  }
}

function securitySchemesOf(document: Record<string, unknown>, version: OpenApiVersion, deref: (node: unknown) => unknown): Map<string, RestSecurityScheme> {
  const where = version === '2.0' ? ['securityDefinitions'] : ['components', 'securitySchemes'];
  const container = where.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
  const schemes = new Map<string, RestSecurityScheme>();
  if (!isObject(container)) return schemes;
  for (const [name, definition] of Object.entries(container)) schemes.set(name, { definition: deref(definition), pointer: pointerOf(...where, name) });
  return schemes;
}

/**
 * The path prefix every operation is served under, from OpenAPI 3 `servers` (the Swagger 2.0
 * `basePath`): `https://host/api` → `/api`, server variables replaced by their defaults. When the
 * servers disagree on the path there is no single prefix and none is used.
 */
function serverBasePath(servers: unknown): string {
  if (!Array.isArray(servers) || servers.length === 0) return '';
  const prefixes = new Set(
    servers.map((server) => {
      if (!isObject(server) || typeof server.url !== 'string') return '';
      const variables = isObject(server.variables) ? server.variables : {};
      const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
        const variable = variables[name];
        return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
      });
      return url
        .replace(/^[^/]*:\/\/[^/]*/, '')
        .replace(/[?#].*$/, '')
        .replace(/\/+$/, '');
    }),
  );
  return prefixes.size === 1 ? [...prefixes][0]! : '';
}

interface DeclaredParameter extends RestParameter {
  raw: Record<string, unknown>;
}

/** Path-level parameters first, overridden by operation-level ones with the same `in` + `name`. */
function collectParameters(
  pathLevel: unknown,
  operationLevel: unknown,
  pathPointer: string,
  operationPointer: string,
  deref: (node: unknown) => unknown,
): DeclaredParameter[] {
  const byIdentity = new Map<string, DeclaredParameter>();
  const add = (list: unknown, pointer: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, index) => {
      const parameter = deref(raw);
      if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') return;
      const location = parameter.in;
      const style = typeof parameter.style === 'string' ? parameter.style : defaultStyle(location, parameter);
      byIdentity.set(`${location}:${location === 'header' ? parameter.name.toLowerCase() : parameter.name}`, {
        location,
        name: parameter.name,
        required: parameter.required === true,
        deprecated: parameter.deprecated === true,
        extensions: extensionsOf(parameter),
        schema: parameterSchema(parameter),
        style,
        explode: typeof parameter.explode === 'boolean' ? parameter.explode : defaultExplode(style, parameter),
        pointer: `${pointer}/${index}`,
        raw: parameter,
      });
    });
  };
  add(pathLevel, `${pathPointer}/parameters`);
  add(operationLevel, `${operationPointer}/parameters`);
  return [...byIdentity.values()];
}

/** Swagger 2.0 `collectionFormat` mapped onto OpenAPI 3 `style` (multi → form + explode). */
const COLLECTION_FORMAT_STYLE: Readonly<Record<string, string>> = {
  csv: 'form',
  multi: 'form',
  ssv: 'spaceDelimited',
  pipes: 'pipeDelimited',
  tsv: 'tabDelimited',
};

function defaultStyle(location: string, parameter: Record<string, unknown>): string {
  const collectionFormat = parameter.collectionFormat;
  if (typeof collectionFormat === 'string' && (location === 'query' || location === 'formData'))
    return COLLECTION_FORMAT_STYLE[collectionFormat] ?? collectionFormat;
  return location === 'query' || location === 'cookie' || location === 'formData' ? 'form' : 'simple';
}

function defaultExplode(style: string, parameter: Record<string, unknown>): boolean {
  if (parameter.collectionFormat !== undefined || (parameter.type === 'array' && parameter.schema === undefined)) return parameter.collectionFormat === 'multi';
  return style === 'form';
}

/** Swagger 2.0 keeps a non-body parameter's schema keywords on the parameter itself. */
const SWAGGER_PARAMETER_SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
] as const;

function parameterSchema(parameter: Record<string, unknown>): unknown {
  if (parameter.schema !== undefined) return parameter.schema;
  if (isObject(parameter.content)) {
    const first = Object.keys(parameter.content).sort()[0];
    const media = first === undefined ? undefined : parameter.content[first];
    return isObject(media) ? media.schema : undefined;
  }
  if (parameter.type === undefined) return undefined;
  const schema: Record<string, unknown> = {};
  for (const key of SWAGGER_PARAMETER_SCHEMA_KEYS) if (parameter[key] !== undefined) schema[key] = parameter[key];
  if (schema.type === 'file') {
    schema.type = 'string';
    schema.format = 'binary';
  }
  return schema;
}

function mediaTypes(content: unknown, pointer: string): Map<string, RestMediaType> {
  const byType = new Map<string, RestMediaType>();
  if (!isObject(content)) return byType;
  for (const [mediaType, media] of Object.entries(content)) {
    byType.set(mediaType.toLowerCase(), { schema: isObject(media) ? media.schema : undefined, schemaPointer: `${pointer}${pointerOf(mediaType)}/schema` });
  }
  return byType;
}

function openApiRequestBody(body: unknown, pointer: string): RestRequestBody | undefined {
  if (!isObject(body)) return undefined;
  return { required: body.required === true, content: mediaTypes(body.content, `${pointer}/content`), pointer };
}

function swaggerMediaTypes(listed: unknown, fallback: unknown, defaultType: string): string[] {
  const pick = Array.isArray(listed) ? listed : Array.isArray(fallback) ? fallback : [defaultType];
  return pick.filter((type): type is string => typeof type === 'string').map((type) => type.toLowerCase());
}

/** Swagger 2.0: a `body` parameter, or the `formData` parameters as one object schema, per `consumes` type. */
function swaggerRequestBody(
  declared: readonly DeclaredParameter[],
  operation: Record<string, unknown>,
  document: Record<string, unknown>,
  pointer: string,
): RestRequestBody | undefined {
  const body = declared.find((parameter) => parameter.location === 'body');
  const form = declared.filter((parameter) => parameter.location === 'formData');
  if (!body && form.length === 0) return undefined;
  const content = new Map<string, RestMediaType>();
  if (body) {
    for (const type of swaggerMediaTypes(operation.consumes, document.consumes, 'application/json'))
      content.set(type, { schema: body.raw.schema, schemaPointer: `${body.pointer}/schema` });
    return { required: body.required, content, pointer: body.pointer };
  }
  const schema = {
    type: 'object',
    properties: Object.fromEntries(form.map((parameter) => [parameter.name, parameter.schema ?? {}])),
    required: form.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
  for (const type of swaggerMediaTypes(operation.consumes, document.consumes, 'application/x-www-form-urlencoded')) {
    // The form's object schema is synthesized: its properties point into the parameter list.
    content.set(type, { schema, schemaPointer: `${pointer}/parameters` });
  }
  return { required: form.some((parameter) => parameter.required), content, pointer: `${pointer}/parameters` };
}

function collectResponses(
  operation: Record<string, unknown>,
  document: Record<string, unknown>,
  version: OpenApiVersion,
  pointer: string,
  deref: (node: unknown) => unknown,
): Map<string, RestResponse> {
  const responses = new Map<string, RestResponse>();
  if (!isObject(operation.responses)) return responses;
  for (const [status, raw] of Object.entries(operation.responses)) {
    if (status.startsWith('x-')) continue;
    const response = deref(raw);
    const responsePointer = `${pointer}/responses/${pointerOf(status).slice(1)}`;
    const code = status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase();
    if (!isObject(response)) continue;
    if (version === '2.0') {
      const content = new Map<string, RestMediaType>();
      if (response.schema !== undefined) {
        for (const type of swaggerMediaTypes(operation.produces, document.produces, 'application/json'))
          content.set(type, { schema: response.schema, schemaPointer: `${responsePointer}/schema` });
      }
      responses.set(code, { content, headers: responseHeaders(response.headers, responsePointer, deref), pointer: responsePointer });
    } else {
      responses.set(code, {
        content: mediaTypes(response.content, `${responsePointer}/content`),
        headers: responseHeaders(response.headers, responsePointer, deref),
        pointer: responsePointer,
      });
    }
  }
  return responses;
}

function responseHeaders(headers: unknown, responsePointer: string, deref: (node: unknown) => unknown): Map<string, RestResponseHeader> {
  const byName = new Map<string, RestResponseHeader>();
  if (!isObject(headers)) return byName;
  for (const [name, raw] of Object.entries(headers)) {
    const header = deref(raw);
    if (!isObject(header)) continue;
    // Swagger 2.0 keeps the schema keywords on the header itself.
    const schema =
      header.schema !== undefined
        ? header.schema
        : header.type !== undefined
          ? { type: header.type, ...(header.format === undefined ? {} : { format: header.format }) }
          : undefined;
    byName.set(name.toLowerCase(), { name, required: header.required === true, schema, pointer: `${responsePointer}/headers${pointerOf(name)}` });
  }
  return byName;
}

function securityAlternatives(security: unknown): SecurityAlternative[] {
  if (!Array.isArray(security)) return [];
  return security
    .filter(isObject)
    .map(
      (requirement) =>
        new Map(
          Object.entries(requirement).map(([scheme, scopes]) => [
            scheme,
            Array.isArray(scopes) ? scopes.filter((scope): scope is string => typeof scope === 'string').sort() : [],
          ]),
        ),
    );
}
