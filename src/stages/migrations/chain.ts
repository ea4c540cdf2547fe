import { classifyMigration, type ClassifiedMigrationWithTypes } from './classify.js';
import { emptySchema, foldReleasedMigration, schemaOptions, type ReleasedSchema } from './released-schema.js';
import type { ExtractedMigration } from './types.js';
import type { OldCodeLookup } from './old-code/lookup.js';

/**
 * The migrations of one release (the stage) or the files `lint-migrations` is given, classified in
 * order: each on what the released schema and the migrations before it leave (column types, tables
 * created, NOT NULL checks, indexes, user-defined types). One loop for both, so they cannot drift:
 * they had, and the stage's copy forgot nothing after a migration it could not read — a check that
 * file may have dropped still proved a later `SET NOT NULL` cheap.
 */
export class MigrationChain {
  /** Tables created by the migrations classified so far. */
  private readonly newTables = new Set<string>();
  /** What the released migrations and the ones classified so far leave. */
  private readonly known: ReleasedSchema;

  constructor(
    private readonly postgresVersion: number,
    /** The released schema, when it was read (tables are proven absent only when it is complete). */
    private readonly released: ReleasedSchema | undefined,
    /** What the previous release's code references (issue 33), when the stage read it. */
    private readonly oldCode?: OldCodeLookup,
  ) {
    this.known = released ? { ...released, tables: new Set(released.tables) } : emptySchema();
  }

  /** Classifies the next migration and folds it into what the ones after it see. A throw leaves the chain as it was: call {@link unreadable}. */
  next(extracted: ExtractedMigration): ClassifiedMigrationWithTypes {
    const context = {
      postgresVersion: this.postgresVersion,
      newTables: new Set(this.newTables),
      ...(this.released?.tablesComplete ? { existingTables: this.released.tables } : {}),
      ...(this.oldCode ? { oldCode: this.oldCode } : {}),
    };
    const classified = classifyMigration(extracted, context, schemaOptions(this.known));
    for (const table of classified.createdTables) this.newTables.add(table);
    foldReleasedMigration(this.known, classified);
    return classified;
  }

  /** A migration that could not be read or classified: what it may have changed is not known to the ones after it. */
  unreadable(): void {
    foldReleasedMigration(this.known, undefined);
  }
}
