import { describe, expect, it } from 'vitest';
import { classifySql } from '../../rules/cases.js';

/**
 * The ORM readers through the scan's index, the lookup and the migration rules (issue 33): what a
 * destructive statement is judged when the previous release's code is an ORM's models. Each
 * `referenced`/`unknown` case below was checked to come out differently without the ORM reader
 * (a mention cites no schema line; a name the reader marks unknown would read as unreferenced).
 */

const LOCKED = "SET lock_timeout = '5s';\n";

const PRISMA_N = `model User {\n  id        Int      @id @default(autoincrement())\n  email     String   @unique\n  nickName  String?  @map("nick_name")\n  createdAt DateTime @default(now()) @map("created_at")\n\n  @@map("users")\n}\n`;
const PRISMA_N1 = PRISMA_N.replace('  nickName  String?  @map("nick_name")\n', '');

describe('Prisma models as the previous release', () => {
  it('a field of the old model: DROP COLUMN breaks old instances, citing the schema line', async () => {
    const outcome = await classifySql(`${LOCKED}ALTER TABLE users DROP COLUMN nick_name`, { oldCode: { 'prisma/schema.prisma': PRISMA_N } });
    expect(outcome.breaksOldCode).toBe(true);
    expect(outcome.messages[0]).toBe(
      'ban-drop-column (breaking) line 2: DROP COLUMN users.nick_name: old instances still read or write users.nick_name at prisma/schema.prisma:4 (prisma)',
    );
  });

  it('the field removed from the model in the previous release: the drop is not an old-code break', async () => {
    const outcome = await classifySql(`${LOCKED}ALTER TABLE users DROP COLUMN nick_name`, { oldCode: { 'prisma/schema.prisma': PRISMA_N1 } });
    expect(outcome.rules).toEqual(['lock-timeout-bounds-brief-lock', 'unreferenced-by-old-code']);
    expect(outcome.breaksOldCode).toBe(false);
  });

  it('a new NOT NULL column without a default: the old client creates rows without it, citing the model', async () => {
    const outcome = await classifySql(`${LOCKED}ALTER TABLE users ADD COLUMN tenant_id integer NOT NULL`, { oldCode: { 'prisma/schema.prisma': PRISMA_N } });
    expect(outcome.breaksOldCode).toBe(true);
    expect(outcome.messages.find((message) => message.startsWith('adding-required-field '))).toContain('prisma/schema.prisma:1 (prisma)');
  });

  it('DROP TABLE of a mapped model cites the model line', async () => {
    const outcome = await classifySql(`${LOCKED}DROP TABLE users`, { oldCode: { 'prisma/schema.prisma': PRISMA_N } });
    expect(outcome.messages[0]).toContain('prisma/schema.prisma:1 (prisma)');
  });
});

describe('TypeORM entities as the previous release', () => {
  const entity = (extra: string) =>
    `import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';\n@Entity('accounts')\nexport class Account {\n  @PrimaryGeneratedColumn()\n  id: number;\n${extra}}\n`;

  it('a column of the old entity: DROP COLUMN breaks, citing the entity line', async () => {
    const outcome = await classifySql(`${LOCKED}ALTER TABLE accounts DROP COLUMN legacy_plan`, {
      oldCode: { 'src/account.entity.ts': entity("  @Column({ name: 'legacy_plan', nullable: true })\n  plan: string;\n") },
    });
    expect(outcome.messages[0]).toBe(
      'ban-drop-column (breaking) line 2: DROP COLUMN accounts.legacy_plan: old instances still read or write accounts.legacy_plan at src/account.entity.ts:7 (typeorm)',
    );
  });

  it('the property removed in the previous release: not an old-code break', async () => {
    const outcome = await classifySql(`${LOCKED}ALTER TABLE accounts DROP COLUMN legacy_plan`, { oldCode: { 'src/account.entity.ts': entity('') } });
    expect(outcome.rules).toEqual(['lock-timeout-bounds-brief-lock', 'unreferenced-by-old-code']);
  });

  it('a custom naming strategy: column names are unknown, the drop stays a break (never a new true)', async () => {
    const strategy =
      "import { DefaultNamingStrategy } from 'typeorm';\nexport class Prefixed extends DefaultNamingStrategy {\n  columnName(property: string) {\n    return 'c_' + property;\n  }\n}\n";
    const outcome = await classifySql(`${LOCKED}ALTER TABLE accounts DROP COLUMN c_plan`, {
      oldCode: { 'src/account.entity.ts': entity(''), 'src/naming.ts': strategy },
    });
    expect(outcome.breaksOldCode).toBe(true);
    expect(outcome.messages[0]).toContain('whether it does is unknown: custom naming strategy Prefixed');
  });
});

describe('Sequelize models as the previous release', () => {
  const model = (attributes: string) =>
    `import { DataTypes } from 'sequelize';\nexport const Project = sequelize.define('project', {\n  title: DataTypes.STRING,\n${attributes}}, { tableName: 'projects', underscored: true, timestamps: false });\n`;

  it('an attribute of the old model (underscored): DROP COLUMN breaks, citing the attribute line', async () => {
    const outcome = await classifySql(`${LOCKED}ALTER TABLE projects DROP COLUMN archived_at`, {
      oldCode: { 'src/models/project.ts': model('  archivedAt: DataTypes.DATE,\n') },
    });
    expect(outcome.messages[0]).toBe(
      'ban-drop-column (breaking) line 2: DROP COLUMN projects.archived_at: old instances still read or write projects.archived_at at src/models/project.ts:4 (sequelize)',
    );
  });

  it('implicit timestamps are references although no code names them', async () => {
    const text = "import { DataTypes } from 'sequelize';\nexport const Tag = sequelize.define('tag', { label: DataTypes.STRING }, { underscored: true });\n";
    const outcome = await classifySql(`${LOCKED}ALTER TABLE tags DROP COLUMN updated_at`, { oldCode: { 'src/models/tag.ts': text } });
    expect(outcome.messages[0]).toContain('at src/models/tag.ts:2 (sequelize)');
  });

  it('the attribute removed in the previous release: not an old-code break', async () => {
    const outcome = await classifySql(`${LOCKED}ALTER TABLE projects DROP COLUMN archived_at`, { oldCode: { 'src/models/project.ts': model('') } });
    expect(outcome.rules).toEqual(['lock-timeout-bounds-brief-lock', 'unreferenced-by-old-code']);
  });

  it('a model whose table name is not a constant: unknown, the drop stays a break', async () => {
    const text = "import { DataTypes } from 'sequelize';\nexport const define = (name: string) => sequelize.define(name, { title: DataTypes.STRING });\n";
    const outcome = await classifySql(`${LOCKED}ALTER TABLE projects DROP COLUMN archived_at`, { oldCode: { 'src/models/dynamic.ts': text } });
    expect(outcome.breaksOldCode).toBe(true);
    expect(outcome.messages[0]).toContain('whether it does is unknown: model name `name` of sequelize.define is not a constant');
  });
});

describe('drizzle tables as the previous release', () => {
  it('a key without a builder name under snake_case casing is the snake_case column', async () => {
    const text =
      "import { pgTable, integer, timestamp } from 'drizzle-orm/pg-core';\nexport const events = pgTable('events', {\n  id: integer('id'),\n  seenAt: timestamp(),\n});\n";
    const outcome = await classifySql(`${LOCKED}ALTER TABLE events DROP COLUMN seen_at`, { oldCode: { 'src/db/schema.ts': text } });
    expect(outcome.messages[0]).toContain('at src/db/schema.ts:4 (drizzle)');
  });

  it('a table creator: names built at run time keep the drop a break', async () => {
    const text =
      "import { pgTableCreator, integer } from 'drizzle-orm/pg-core';\nconst table = pgTableCreator((name) => `app_${name}`);\nexport const events = table('events', { id: integer('id') });\n";
    const outcome = await classifySql(`${LOCKED}DROP TABLE app_audit`, { oldCode: { 'src/db/schema.ts': text } });
    expect(outcome.breaksOldCode).toBe(true);
  });
});
