import { describe, expect, it } from 'vitest';
import { seedOrder, seedStatement, withReferencedTables, type ColumnShape, type TableShape } from './seed.js';

const column = (name: string, type: string, category: string, extra: Partial<ColumnShape> = {}): ColumnShape => ({
  name,
  type,
  category,
  isEnum: false,
  notNull: false,
  hasDefault: false,
  generated: false,
  referencing: false,
  ...extra,
});

const owners: TableShape = { schema: 'public', name: 'owners', columns: [column('id', 'integer', 'N', { notNull: true })], references: [] };
const accounts: TableShape = {
  schema: 'public',
  name: 'accounts',
  columns: [
    column('id', 'bigint', 'N', { notNull: true, hasDefault: true }),
    column('email', 'character varying(255)', 'S', { notNull: true }),
    column('owner_id', 'integer', 'N', { notNull: true, referencing: true }),
    column('manager_id', 'integer', 'N', { referencing: true }),
    column('kind', 'account_kind', 'E', { isEnum: true }),
    column('total', 'bigint', 'N', { generated: true }),
  ],
  references: ['public.owners'],
};

describe('seed', () => {
  it('fills every column PostgreSQL does not fill, with values that are a function of the row number', () => {
    expect(seedStatement(accounts, 100)).toBe(
      `INSERT INTO "public"."accounts" ("email", "owner_id", "kind") SELECT ('v' || g)::character varying(255), g::integer, (enum_range(NULL::account_kind))[1 + (g % array_length(enum_range(NULL::account_kind), 1))] FROM generate_series(1, 100) AS g`,
    );
    expect(seedStatement(accounts, 100, true)).toBe(
      `INSERT INTO "public"."accounts" ("email", "owner_id") SELECT ('v' || g)::character varying(255), g::integer FROM generate_series(1, 100) AS g`,
    );
  });

  it('seeds referenced tables too, and first', () => {
    const chosen = withReferencedTables([accounts, owners], new Set(['accounts']));
    expect(seedOrder(chosen).map((table) => table.name)).toEqual(['owners', 'accounts']);
    expect(withReferencedTables([accounts, owners], new Set(['owners'])).map((table) => table.name)).toEqual(['owners']);
  });
});
