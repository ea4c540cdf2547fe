/**
 * Every reader of old-code schema references (issue 33), in the order the scan runs them. A reader
 * is a pure function of (path, text); the scan caches its answer per blob id.
 */
import type { ReferenceReader } from '../references.js';
import { reader as knex } from './knex.js';
import { reader as kysely } from './kysely.js';
import { reader as sql } from './sql.js';
// ORM readers (oldorms)
import { reader as drizzle } from './drizzle.js';
import { reader as prisma } from './prisma.js';
import { reader as sequelize } from './sequelize.js';
import { reader as typeorm } from './typeorm.js';

export const REFERENCE_READERS: readonly ReferenceReader[] = [
  knex,
  kysely,
  sql,
  // ORM readers (oldorms)
  prisma,
  typeorm,
  sequelize,
  drizzle,
];
