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
 *   property is required on the side where it exists). `property-removed` carries `after: false`
 *   when the revision object is closed (`additionalProperties: false`): the name is now refused. A new property that is also required is ONE
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
 * - `schema-added` / `schema-removed` of an `anyOf`/`oneOf` branch carry `detail: 'composition-keyword'`
 *   when the whole keyword appeared or vanished (a restriction added or dropped), and no detail when
 *   one alternative joined or left others (`isAlternative` in `./composition.ts` tells them apart).
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
  | 'schema-removed'
  /**
   * A plain object schema became a `oneOf` whose alternatives are not proven exclusive (`after`: how
   * many): a value valid before may now match two alternatives, which `oneOf` refuses.
   */
  | 'one-of-wrapped'
  /**
   * A difference the diff cannot judge: a keyword it does not model changed, or a composition that
   * cannot be merged into one schema (`detail` says which and why). Callers must treat it as
   * possibly breaking in both directions, never as safe.
   */
  | 'unknown';

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
   * Compare the schemas as a request sees them (`readOnly` properties left out: clients do not send
   * them) or as a response does (`writeOnly` ones left out: servers do not return them). So a
   * required property that stops being `readOnly` is a new required request property, and one that
   * becomes `writeOnly` is a required response property removed. Default: every property.
   */
  view?: SchemaView;
  /**
   * Results of (base node, revision node) pairs kept across calls (create with `createSchemaDiffMemo()`).
   * Share one memo only between calls over the SAME two documents (same roots and resolvers),
   * e.g. every operation of one REST spec pair: a component pair is then diffed once per spec pair.
   * A memo serves one {@link DiffSchemasOptions.view} only.
   */
  memo?: SchemaDiffMemo;
  /**
   * `$ref`s known to lead to equal content in both documents: the same text on both sides, its
   * target deep-equal, and so is every target reachable from it (the REST stage decides this once
   * per spec pair, `rest/fingerprint.ts`). A pair of nodes that are both exactly `{$ref: r}` with
   * `unchangedRef(r)` is skipped unresolved: no change can be reachable from it. Answer `true`
   * only when that is proven; `false` costs only the walk.
   */
  unchangedRef?: (ref: string) => boolean;
}

export type SchemaView = 'request' | 'response';

/** Opaque cache of pair results; see {@link DiffSchemasOptions.memo}. */
export interface SchemaDiffMemo {
  readonly kind: 'schema-diff-memo';
}
