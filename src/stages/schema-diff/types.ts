/**
 * The shared JSON-Schema diff (STYLE.md 3: diff once, judge many times). It records what changed
 * between two schemas with no opinion on whether that breaks anyone; REST and MCP rules read
 * these changes, knowing whether the schema is in a request (input) or a response (output).
 *
 * Implemented in `./diff.ts` as:
 *   diffSchemas(base: unknown, revision: unknown, options?: DiffSchemasOptions): SchemaChange[]
 *
 * Conventions (see docs/schema-diff.md):
 * - `property-added` / `property-removed` carry `detail: 'required' | 'optional'` (whether the
 *   property is required on the side where it exists). A new property that is also required is ONE
 *   `property-added` with `detail: 'required'`, not an extra `property-became-required`;
 *   `property-became-required` / `-optional` are only for a property declared (or undeclared) on both sides.
 * - `enum` appearing where there was none is `constraint-tightened` with `detail: 'enum'`
 *   (vanishing: `constraint-loosened`). `const` is treated as a one-value enum: a changed const is
 *   `enum-value-removed` + `enum-value-added` with `detail: 'const'`; an added const is
 *   `constraint-tightened` `detail: 'const'`.
 * - `enum-value-added` carries the value in `after`, `enum-value-removed` in `before`.
 * - `type-changed`: `before`/`after` are the sorted type sets without `null` (`[]` = any type);
 *   `detail` is 'narrowed' (after ⊂ before, `integer` ⊂ `number`), 'widened' or 'changed'.
 * - `pointer` and `path` follow the logical path through `$ref`s (not the ref target's location).
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
  /**
   * Results of (base node, revision node) pairs kept across calls (create with `createSchemaDiffMemo()`).
   * Share one memo only between calls over the SAME two documents (same roots and resolvers),
   * e.g. every operation of one REST spec pair: a component pair is then diffed once per spec pair.
   */
  memo?: SchemaDiffMemo;
}

/** Opaque cache of pair results; see {@link DiffSchemasOptions.memo}. */
export interface SchemaDiffMemo {
  readonly kind: 'schema-diff-memo';
}
