import {
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  type RawBuilder,
  sql,
} from 'kysely';
import type { DialectName } from './database.js';
import { calcFitKindMigration } from './migrations-calc-fit.js';
import { calcRequestKeyMigration } from './migrations-calc-request-key.js';
import { consultMigration } from './migrations-consult.js';
import { deviceReferencesMigration } from './migrations-device-references.js';
import { exampleDescriptionsMigration } from './migrations-example-descriptions.js';
import { exampleFiguresMigration } from './migrations-example-figures.js';
import { exampleLanguagesMigration } from './migrations-example-languages.js';
import { exampleRangesMigration } from './migrations-example-ranges.js';
import { exampleReferencesMigration } from './migrations-example-references.js';
import { excitonLibraryMigration, materialAdditionsMigration } from './migrations-exciton-library.js';
import { financeMigration } from './migrations-finance.js';
import { forumMigration } from './migrations-forum.js';
import { institutionsPartnersMigration } from './migrations-institutions-partners.js';
import { libraryMigration } from './migrations-library.js';
import { LIBRARY_CITATION_ADDITIONS } from './migrations-library-citations.js';
import { materialChineseNamesMigration } from './migrations-material-chinese-names.js';
import { materialDefectsMigration } from './migrations-material-defects.js';
import { materialIonsMigration } from './migrations-material-ions.js';
import { materialsMigration } from './migrations-materials.js';
import { noticeEnglishMigration } from './migrations-notice-english.js';
import { noticesMigration } from './migrations-notices.js';
import { PM6_Y6_ADDITIONS } from './migrations-pm6y6-recombination.js';
import { publicTextsMigration } from './migrations-public-texts.js';
import { defectTextsMigration } from './migrations-public-texts-defects.js';
import { excitonTextsMigration } from './migrations-public-texts-excitons.js';
import { fullStackTextsMigration } from './migrations-public-texts-fullstack.js';
import { ionTextsMigration } from './migrations-public-texts-ions.js';
import { tandemTextsMigration } from './migrations-public-texts-tandem.js';
import { SNO2_ADDITIONS } from './migrations-sno2-electrical.js';
import { transportDefectsMigration } from './migrations-transport-defects.js';
import { userMessagesMigration } from './migrations-user-messages.js';
import { userSpectraMigration } from './migrations-user-spectra.js';
import type { Database } from './schema.js';

/**
 * Migrations live in code so that the built server needs no migration files on disk, and one
 * list serves SQLite and PostgreSQL. Append new migrations; never edit one that has shipped.
 */

/** Migrations see no table types: they run before (and independently of) the typed schema. */
type AnyDb = Kysely<unknown>;

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** CHECK (col IN (...)) over fixed identifiers and literals of this file: DDL takes no parameters. */
function sqlIn(column: string, values: readonly string[]): RawBuilder<unknown> {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return sql.raw(`${column} in (${list})`);
}

function foundation(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('email', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', notNull)
        .addColumn('real_name', 'varchar(30)', notNull)
        .addColumn('nickname', 'varchar(30)')
        .addColumn('gender', 'integer', notNull)
        .addColumn('phone', 'varchar(20)', notNull)
        .addColumn('enterprise', 'varchar(100)', notNull)
        .addColumn('address', 'varchar(100)', notNull)
        .addColumn('role', 'integer', notNull)
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('sessions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('token_enc', 'varchar(255)', notNull)
        .addColumn('remember', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('revoked_at', 'bigint')
        .addColumn('created_ip', 'varchar(64)', notNull)
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'created_at']).execute();

      await withId(db.schema.createTable('login_failures'), dialect)
        .addColumn('email', 'varchar(255)', notNull)
        .addColumn('ip', 'varchar(64)', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('login_failures_email_idx')
        .on('login_failures')
        .columns(['email', 'created_at'])
        .execute();
      await db.schema.createIndex('login_failures_ip_idx').on('login_failures').columns(['ip', 'created_at']).execute();

      await withId(db.schema.createTable('password_resets'), dialect)
        .addColumn('email', 'varchar(255)', notNull)
        .addColumn('ip', 'varchar(64)', notNull)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('password_resets_email_idx')
        .on('password_resets')
        .columns(['email', 'created_at'])
        .execute();
      await db.schema
        .createIndex('password_resets_ip_idx')
        .on('password_resets')
        .columns(['ip', 'created_at'])
        .execute();

      await withId(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('to_addr', 'varchar(255)', notNull)
        .addColumn('subject', 'varchar(255)', notNull)
        .addColumn('body_text', 'text', notNull)
        .addColumn('body_html', 'text', notNull)
        .addColumn('kind', 'varchar(32)', notNull)
        .addColumn('status', 'varchar(16)', notNull)
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('sent_at', 'bigint')
        .execute();

      await withId(db.schema.createTable('news'), dialect)
        .addColumn('kind', 'varchar(16)', notNull)
        .addColumn('title_zh', 'varchar(255)', notNull)
        .addColumn('title_en', 'varchar(255)', notNull)
        .addColumn('summary_zh', 'text', notNull)
        .addColumn('summary_en', 'text', notNull)
        .addColumn('body_zh', 'text', notNull)
        .addColumn('body_en', 'text', notNull)
        .addColumn('published_at', 'varchar(32)', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('faq'), dialect)
        .addColumn('sort', 'integer', notNull)
        .addColumn('question_zh', 'text', notNull)
        .addColumn('question_en', 'text', notNull)
        .addColumn('answer_zh', 'text', notNull)
        .addColumn('answer_en', 'text', notNull)
        .execute();

      // Minimal tables counted by /sys/stat/all; the device, calculation and material issues extend them.
      await db.schema
        .createTable('devices')
        .addColumn('id', 'char(32)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sqlIn('kind', ['opt', 'elec'])))
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'varchar(100)', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await withId(db.schema.createTable('calculations'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sqlIn('kind', ['opt', 'elec', 'circle', 'circle2'])))
        .addColumn('status', 'varchar(16)', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await withId(db.schema.createTable('materials'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(100)', notNull)
        .addColumn('category', 'varchar(32)', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      for (const t of [
        'materials',
        'calculations',
        'devices',
        'faq',
        'news',
        'mail_outbox',
        'password_resets',
        'login_failures',
        'sessions',
        'users',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}

/**
 * 0002: the calculation service (issue 6) extends 0001's minimal `calculations` table in place
 * (ALTER TABLE ADD COLUMN, with defaults so rows counted by /sys/stat/all stay valid). The result
 * is stored gzip-compressed (blob / bytea); the input as JSON text with its sha256 for reproducing.
 */
function calculations(dialect: DialectName): Migration {
  const blob: ColumnDataType = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: AnyDb) {
      const add = (
        name: string,
        type: ColumnDataType,
        build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (c) => c,
      ) => db.schema.alterTable('calculations').addColumn(name, type, build).execute();
      await add('name', 'varchar(100)', (c) => c.notNull().defaultTo(''));
      await add('priority', 'integer', (c) => c.notNull().defaultTo(0));
      await add('parent_id', 'integer', (c) => c.references('calculations.id').onDelete('cascade'));
      await add('input', 'text', (c) => c.notNull().defaultTo('{}'));
      await add('input_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''));
      await add('engine_version', 'varchar(32)', (c) => c.notNull().defaultTo(''));
      await add('progress', 'integer', (c) => c.notNull().defaultTo(0));
      await add('progress_detail', 'varchar(255)');
      await add('reason', 'text');
      await add('attempts', 'integer', (c) => c.notNull().defaultTo(0));
      await add('result', blob);
      await add('result_size', 'integer', (c) => c.notNull().defaultTo(0));
      await add('started_at', 'bigint');
      await add('finished_at', 'bigint');
      await db.schema
        .createIndex('calculations_user_idx')
        .on('calculations')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('calculations_status_idx')
        .on('calculations')
        .columns(['status', 'priority'])
        .execute();
      await db.schema.createIndex('calculations_parent_idx').on('calculations').column('parent_id').execute();
    },
    async down(db: AnyDb) {
      for (const i of ['calculations_parent_idx', 'calculations_status_idx', 'calculations_user_idx'])
        await db.schema.dropIndex(i).execute();
      for (const c of [
        'finished_at',
        'started_at',
        'result_size',
        'result',
        'attempts',
        'reason',
        'progress_detail',
        'progress',
        'engine_version',
        'input_hash',
        'input',
        'parent_id',
        'priority',
        'name',
      ])
        await db.schema.alterTable('calculations').dropColumn(c).execute();
    },
  };
}

/** Devices carry their DeviceSpec, a description and a citation, so the libraries can show and load them. */
function deviceSpecs(): Migration {
  return {
    async up(db: AnyDb) {
      for (const c of ['spec', 'description', 'citation']) {
        await db.schema.alterTable('devices').addColumn(c, 'text').execute();
      }
    },
    async down(db: AnyDb) {
      for (const c of ['citation', 'description', 'spec']) {
        await db.schema.alterTable('devices').dropColumn(c).execute();
      }
    },
  };
}

export function migrationList(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0002_calculations': calculations(dialect),
    '0003_device_specs': deviceSpecs(),
    '0004_materials': materialsMigration(dialect),
    '0005_library': libraryMigration(dialect),
    '0006_public_texts': publicTextsMigration(),
    '0007_public_texts_ions': ionTextsMigration(),
    '0008_material_ions': materialIonsMigration(),
    '0009_public_texts_excitons': excitonTextsMigration(),
    '0010_exciton_library': excitonLibraryMigration(),
    '0011_public_texts_tandem': tandemTextsMigration(),
    '0012_forum': forumMigration(dialect),
    '0013_consult': consultMigration(dialect),
    '0014_notices': noticesMigration(dialect),
    '0015_finance': financeMigration(dialect),
    '0016_public_texts_defects': defectTextsMigration(),
    '0017_material_defects': materialDefectsMigration(),
    '0018_device_references': deviceReferencesMigration(),
    '0019_user_messages': userMessagesMigration(dialect),
    '0020_user_spectra': userSpectraMigration(dialect),
    '0021_institutions_partners': institutionsPartnersMigration(dialect),
    '0022_transport_defects': transportDefectsMigration(),
    '0023_public_texts_fullstack': fullStackTextsMigration(),
    '0024_library_citations': materialAdditionsMigration(LIBRARY_CITATION_ADDITIONS),
    '0025_example_ranges': exampleRangesMigration(),
    '0026_example_descriptions': exampleDescriptionsMigration(),
    '0027_pm6y6_recombination': materialAdditionsMigration(PM6_Y6_ADDITIONS),
    '0028_sno2_electrical': materialAdditionsMigration(SNO2_ADDITIONS),
    '0029_calc_kind_fit': calcFitKindMigration(dialect),
    '0030_calc_request_key': calcRequestKeyMigration(),
    '0031_example_figures': exampleFiguresMigration(),
    '0032_notice_english': noticeEnglishMigration(),
    '0033_example_references': exampleReferencesMigration(),
    '0034_material_chinese_names': materialChineseNamesMigration(),
    '0035_example_languages': exampleLanguagesMigration(),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationList(this.dialect);
  }
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
