/**
 * The text markers of request/response shapes declared in code (no parser: a scan picks the files
 * the declared-shapes closure, shape-closure.ts, parses).
 */

/** Constructs that describe an operation's request or response shape for a generated OpenAPI document. */
export const SHAPE_DECLARATION =
  /\b(?:describeRoute|createRoute)\s*\(|\.openapi\s*\(|@Api(?:Property|PropertyOptional|Body|Response|OkResponse|CreatedResponse)\s*\(/;

/** Decorators that keep a route out of the generated document (tsoa, NestJS). */
export const HIDDEN_FROM_DOCUMENT = /@(?:Hidden|ApiExcludeController|ApiExcludeEndpoint)\s*\(/;
