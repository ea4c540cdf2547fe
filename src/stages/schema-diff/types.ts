/**
 * The shared JSON-Schema diff (STYLE.md 3: diff once, judge many times). It records what changed
 * between two schemas with no opinion on whether that breaks anyone; REST and MCP rules read
 * these changes, knowing whether the schema is in a request (input) or a response (output).
 *
 * Implemented in `./diff.ts` as:
 *   diffSchemas(base: unknown, revision: unknown, options?: DiffSchemasOptions): SchemaChange[]
 */

export type SchemaChangeKind =
  | 'property-added'
  | 'property-removed'
  | 'property-became-required'
  | 'property-became-optional'
  | 'type-changed' // `before`/`after`: the type sets; `detail`: 'narrowed' | 'widened' | 'changed'
  | 'format-changed'
  | 'nullable-added'
  | 'nullable-removed'
  | 'enum-value-added'
  | 'enum-value-removed'
  | 'constraint-tightened' // `detail`: the keyword (maxLength, minimum, pattern, …)
  | 'constraint-loosened'
  | 'additional-properties-closed'
  | 'additional-properties-opened'
  | 'default-changed'
  | 'description-changed'
  | 'schema-added' // a schema appeared where there was none (e.g. items, a request body schema)
  | 'schema-removed';

export interface SchemaChange {
  kind: SchemaChangeKind;
  /** JSON pointer inside the compared schema, e.g. `/properties/user/properties/email`. */
  pointer: string;
  /** Human path of the element: `user.email`, `tags[]`, or `(root)`. */
  path: string;
  before?: unknown;
  after?: unknown;
  detail?: string;
}

export interface DiffSchemasOptions {
  /** Resolves a `$ref` of the base schema (e.g. `#/components/schemas/User`); default: local JSON pointers in `baseRoot`. */
  resolveBase?: (ref: string) => unknown;
  resolveRevision?: (ref: string) => unknown;
  /** Documents that local `#/...` refs point into, when no resolver is given. */
  baseRoot?: unknown;
  revisionRoot?: unknown;
}
