import type { ASTNode, DocumentNode, GraphQLSchema } from 'graphql';
// graphql's CommonJS entry, the one Node gives graphql-inspector for its own `import 'graphql'`
// (graphql 16 has no `exports` map): graphql refuses types "from another module or realm", and a
// bundler that prefers the package's `module` field would otherwise load a second instance.
import { buildASTSchema, concatAST, isEnumType, isInputObjectType, isInterfaceType, isObjectType, parse, Source } from 'graphql/index.js';
import { diff as inspectorDiff } from '@graphql-inspector/core';
import type { GraphqlChange } from './rule.js';

/**
 * SDL → schema → the changes between two schemas, classified by graphql-inspector. Loaded only when
 * a release changed a file the GraphQL surface reads (the `graphql` package is most of the bundle's
 * GraphQL weight). Every document keeps its file name, so a change points at the file and line
 * that define the element (the head's, or the base's for what was removed).
 */

export interface SdlDocument {
  /** Repository path (or the code-first source that the SDL was generated from, when `lines` maps it). */
  readonly file: string;
  readonly text: string;
  /** For generated SDL: the source file and line of each SDL line (1-based), so findings name the code. */
  readonly lines?: readonly { file: string; line: number }[];
}

export type SchemaReading = { ok: true; schema: GraphQLSchema; documents: readonly SdlDocument[] } | { ok: false; reason: string };

export function buildSchemaFrom(documents: readonly SdlDocument[]): SchemaReading {
  const parsed: DocumentNode[] = [];
  for (const document of documents) {
    try {
      parsed.push(parse(new Source(document.text, document.file), { noLocation: false }));
    } catch (error) {
      return { ok: false, reason: `${document.file} does not parse as GraphQL SDL: ${firstLine(error)}` };
    }
  }
  try {
    // Directives the server declares in code (`@auth`, federation's) are not in the SDL files: the
    // schema's shape is what is compared, so unknown directives are not an error here.
    const schema = buildASTSchema(concatAST(parsed), { assumeValidSDL: true });
    return { ok: true, schema, documents };
  } catch (error) {
    return { ok: false, reason: `the SDL does not build a schema: ${firstLine(error)}` };
  }
}

/** Every change from `base` to `head`, as graphql-inspector reports it, with where each element is defined. */
export async function diffSchemas(base: SchemaReading & { ok: true }, head: SchemaReading & { ok: true }): Promise<GraphqlChange[]> {
  const changes = await inspectorDiff(base.schema, head.schema);
  return changes.map((change) => {
    const level = change.criticality.level as GraphqlChange['criticality'];
    const path = change.path ?? '';
    // The element itself where it is (the head's, or the base's for what was removed), else its type.
    const place = locate(head, path, true) ?? locate(base, path, true) ?? locate(head, path, false) ?? locate(base, path, false);
    return {
      type: change.type,
      criticality: level,
      path,
      message: change.message,
      meta: (change.meta ?? {}) as Record<string, unknown>,
      ...(place ?? {}),
    };
  });
}

/** The file and line of the element a schema coordinate names, when the schema has it. */
function locate(reading: SchemaReading & { ok: true }, coordinate: string, exact: boolean): { file: string; line: number } | undefined {
  const [typeName, member, argument] = coordinate.split('.');
  if (!typeName) return undefined;
  const type = reading.schema.getType(typeName);
  if (!type) return undefined;
  let node: ASTNode | undefined | null = type.astNode;
  let found = member === undefined;
  if (member !== undefined) {
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      const field = type.getFields()[member];
      node = field?.astNode ?? node;
      found = field !== undefined;
      if (argument !== undefined && field && 'args' in field) {
        const arg = field.args.find((candidate) => candidate.name === argument);
        node = arg?.astNode ?? node;
        found = arg !== undefined;
      }
    } else if (isEnumType(type)) {
      const value = type.getValue(member);
      node = value?.astNode ?? node;
      found = value !== undefined;
    }
  }
  if (exact && !found) return undefined;
  const loc = node?.loc;
  if (!loc) return undefined;
  const file = loc.source.name;
  const line = loc.startToken.line;
  const document = reading.documents.find((candidate) => candidate.file === file);
  const mapped = document?.lines?.[line - 1];
  return mapped ?? { file, line };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
