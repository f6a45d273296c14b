import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { PUBLIC_TEXT_CORRECTIONS, type TextCorrection } from '../../src/db/migrations-public-texts.js';
import { DEFECT_NEWS, DEFECT_TEXT_CORRECTIONS } from '../../src/db/migrations-public-texts-defects.js';
import { EXCITON_NEWS, EXCITON_TEXT_CORRECTIONS } from '../../src/db/migrations-public-texts-excitons.js';
import { FULLSTACK_TEXT_CORRECTIONS } from '../../src/db/migrations-public-texts-fullstack.js';
import { ION_NEWS, ION_TEXT_CORRECTIONS } from '../../src/db/migrations-public-texts-ions.js';
import { TANDEM_TEXT_CORRECTIONS } from '../../src/db/migrations-public-texts-tandem.js';
import { FAQ } from '../../src/seed/faq.js';
import { NEWS } from '../../src/seed/news.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

/**
 * Migrations 0006 and 0007 on a database seeded before the public texts were corrected: on SQLite
 * by default, on PostgreSQL when TEST_DATABASE_URL is set.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const FAQ_TEXTS = ['question_zh', 'question_en', 'answer_zh', 'answer_en'] as const;
const NEWS_TEXTS = ['title_zh', 'title_en', 'summary_zh', 'summary_en', 'body_zh', 'body_en'] as const;
/** The corrections in the order they shipped: undone last-first to get back to the first seeds. */
const SHIPPED: readonly (readonly TextCorrection[])[] = [
  PUBLIC_TEXT_CORRECTIONS,
  ION_TEXT_CORRECTIONS,
  EXCITON_TEXT_CORRECTIONS,
  TANDEM_TEXT_CORRECTIONS,
  DEFECT_TEXT_CORRECTIONS,
  FULLSTACK_TEXT_CORRECTIONS,
];

/**
 * A seed text as it was first shipped: today's seed with each shipped correction undone, the
 * latest first. Rebuilt from today's seeds rather than kept as a second copy; a later rewrite of
 * one of these texts brings its own corrections, which this reconstruction then undoes as well.
 */
function asFirstSeeded(table: TextCorrection['table'], column: string, text: string): string {
  let out = text;
  for (const list of [...SHIPPED].reverse())
    out = list.find((c) => c.table === table && c.column === column && c.new === out)?.old ?? out;
  return out;
}

function firstSeed<T extends Record<string, unknown>>(
  table: TextCorrection['table'],
  row: T,
  columns: readonly (keyof T & string)[],
): T {
  const out: Record<string, unknown> = { ...row };
  for (const c of columns) out[c] = asFirstSeeded(table, c, row[c] as string);
  return out as T;
}

const migrations = () => migrationList(t.db.dialect);
const runMigrations = async () => {
  await migrations()['0006_public_texts']!.up(t.db.kysely);
  await migrations()['0007_public_texts_ions']!.up(t.db.kysely);
  await migrations()['0009_public_texts_excitons']!.up(t.db.kysely);
  await migrations()['0011_public_texts_tandem']!.up(t.db.kysely);
  await migrations()['0016_public_texts_defects']!.up(t.db.kysely);
  await migrations()['0023_public_texts_fullstack']!.up(t.db.kysely);
};
const faqRows = () => t.db.kysely.selectFrom('faq').selectAll().orderBy('sort').orderBy('id').execute();
const newsRows = () =>
  t.db.kysely.selectFrom('news').selectAll().orderBy('published_at', 'desc').orderBy('id').execute();

describe('migrations 0006 and 0007: public texts about missing models, then about the ion models', () => {
  it('are registered and ran on the fresh database without touching anything', async () => {
    const ran = await sql<{ name: string }>`select name from kysely_migration`.execute(t.db.kysely);
    expect(ran.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        '0006_public_texts',
        '0007_public_texts_ions',
        '0009_public_texts_excitons',
        '0011_public_texts_tandem',
        '0016_public_texts_defects',
        '0023_public_texts_fullstack',
      ]),
    );
    expect(await faqRows()).toEqual([]);
    // an empty news table is seeded later with the announcement itself: 0007 adds nothing to it
    expect(await newsRows()).toEqual([]);
  });

  it('give a database seeded with the old texts the current seed texts, and keep edited texts', async () => {
    const k = t.db.kysely;
    const oldFaq = FAQ.map((f, i) => ({ ...firstSeed('faq', f, FAQ_TEXTS), sort: i + 1 }));
    // the announcements of the ion, of the exciton and tunnelling, and of the defect models did not exist then
    const announced: string[] = [ION_NEWS.title_zh, EXCITON_NEWS.title_zh, DEFECT_NEWS.title_zh];
    const oldNews = NEWS.filter((n) => !announced.includes(n.title_zh)).map((n) => ({
      ...firstSeed('news', n, NEWS_TEXTS),
      created_at: 1_700_000_000_000,
    }));
    // Every correction finds its text in the database as it stood before it shipped.
    for (const [i, list] of SHIPPED.entries())
      for (const c of list) {
        // an announcement a migration inserted is there, as that migration froze it, for later corrections
        const rows: Record<string, unknown>[] =
          c.table === 'faq' ? oldFaq : [...oldNews, ION_NEWS, EXCITON_NEWS, DEFECT_NEWS];
        const before = (r: Record<string, unknown>) =>
          SHIPPED.slice(0, i).reduce(
            (text, l) => l.find((x) => x.table === c.table && x.column === c.column && x.old === text)?.new ?? text,
            r[c.column] as string,
          );
        expect(
          rows.some((r) => before(r) === c.old),
          c.old,
        ).toBe(true);
      }
    await k.insertInto('faq').values(oldFaq).execute();
    await k.insertInto('news').values(oldNews).execute();

    // An administrator rewrote the Chinese answer about ions; the rest of that entry is as seeded.
    const ions = oldFaq.find((f) => f.question_zh === '能模拟钙钛矿电池的离子迁移吗？')!;
    const edited = { ...ions, sort: 100, answer_zh: '管理员改写的回答：离子迁移请见论坛置顶帖。' };
    // And wrote an entry of their own.
    const own = { sort: 101, question_zh: '自定义问题', question_en: 'Own question', answer_zh: '答', answer_en: 'A' };
    await k.insertInto('faq').values([edited, own]).execute();

    await runMigrations();

    const faq = await faqRows();
    expect(faq.slice(0, FAQ.length).map(({ id, sort, ...texts }) => texts)).toEqual([...FAQ]);
    expect(faq[FAQ.length]).toMatchObject({
      answer_zh: edited.answer_zh,
      answer_en: FAQ.find((f) => f.question_zh === ions.question_zh)!.answer_en,
    });
    expect(faq[FAQ.length + 1]).toMatchObject(own);
    const news = await newsRows();
    expect(news.map(({ id, created_at, withdrawn_at, ...item }) => item)).toEqual([...NEWS]);

    // Running them again changes nothing (and adds the announcement once).
    await runMigrations();
    expect(await faqRows()).toEqual(faq);
    expect(await newsRows()).toEqual(news);
  });

  it('the FAQ on the transient time and step says what the product does', () => {
    const f = FAQ.find((x) => x.question_en === 'How are the transient simulation time and time step set?')!;
    expect(f.answer_zh).toMatch(/总时长 \/ \(点数 - 1\)/);
    expect(f.answer_zh).toMatch(/201/);
    expect(f.answer_en).toMatch(/total time divided by \(number of points - 1\)/);
    expect(f.answer_en).toMatch(/adapt to its local error control/);
  });
});
