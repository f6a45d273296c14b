import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from './database.js';

/**
 * 0020: custom incident spectra of the personal library (issue 16, docs/spectra.md). The arrays are
 * JSON text in nm and W m^-2 nm^-1 (at most 5000 points, SPECTRUM_TABLE_LIMITS); the range and
 * power are kept beside them so the list needs no JSON parsing.
 */

type AnyDb = Kysely<unknown>;

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export function userSpectraMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('user_spectra'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', notNull)
        .addColumn('points', 'integer', notNull)
        .addColumn('from_nm', 'double precision', notNull)
        .addColumn('to_nm', 'double precision', notNull)
        .addColumn('power_w_m2', 'double precision', notNull)
        .addColumn('source_units', 'varchar(40)', notNull)
        .addColumn('wavelength_nm', 'text', notNull)
        .addColumn('irradiance_w_m2_nm', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('user_spectra_user_idx').on('user_spectra').columns(['user_id', 'id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('user_spectra').execute();
    },
  };
}
