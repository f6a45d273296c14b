import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Device, DeviceListData, DeviceListItem, Review, SessionData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { EXAMPLE_TEXTS } from '../../src/db/migrations-example-languages.js';
import { doisInText } from '../../src/db/migrations-example-references.js';
import { assetsDir } from '../../src/jobs/assets.js';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed, type TestUser } from './helpers/client.js';
import { englishRuns, hanCount } from './helpers/languages.js';

/**
 * The public examples in each language (issue 29, migration 0035): every example has a Chinese and
 * an English name and description saying the same (its figures, its band, why it is generic), the
 * Chinese free of English sentences and the English free of Chinese; the library finds an example
 * by either language's words; a copy, the public copy a review makes and a copy of that keep both
 * languages and the references. SQLite by default, PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestApp;
let alice: TestUser;
let admin: SessionData;
const call = <T>(url: string, body: Record<string, unknown>, who: SessionData) =>
  post<T>(t.app, `/calc${url}`, body, { headers: signed(who, t.clock) });

interface Figures {
  file: string;
  jscMaCm2?: number;
  vocV?: number;
  ffPercent?: number;
  pcePercent?: number;
  jphMaCm2?: number;
}
const figures = (
  JSON.parse(readFileSync(join(assetsDir(), 'devices/example-figures.json'), 'utf8')) as { examples: Figures[] }
).examples;

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  alice = await registerUser(t.app);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
});
afterAll(async () => {
  await t?.close();
});

async function publicExamples(): Promise<DeviceListItem[]> {
  const res = await call<DeviceListData>('/sys/device/findPublic', { size: 100 }, alice.session);
  expect(res.code, res.msg).toBe('1000');
  return res.data.list;
}

const texts = (d: Pick<Device, 'nameZh' | 'nameEn' | 'descriptionZh' | 'descriptionEn'>) => ({
  nameZh: d.nameZh,
  nameEn: d.nameEn,
  descriptionZh: d.descriptionZh,
  descriptionEn: d.descriptionEn,
});

describe('the public examples in both languages', () => {
  it('is migration 0035_example_languages, after 0034', () => {
    const names = Object.keys(migrationList('sqlite'));
    expect(names.indexOf('0035_example_languages')).toBe(names.indexOf('0034_material_chinese_names') + 1);
  });

  it('names and describes every example in Chinese and in English, each in its own language', async () => {
    const list = await publicExamples();
    expect(list).toHaveLength(EXAMPLE_TEXTS.length);
    expect(figures).toHaveLength(EXAMPLE_TEXTS.length);
    for (const d of list) {
      const label = d.nameEn ?? d.name;
      for (const v of Object.values(texts(d))) expect(v?.trim(), label).toBeTruthy();
      // `name` and `description` are the English ones (the DeviceSpec's, the exported file's)
      expect(d.name, label).toBe(d.nameEn);
      expect(d.description, label).toBe(d.descriptionEn);
      const zh = `${d.nameZh} ${d.descriptionZh}`;
      const en = `${d.nameEn} ${d.descriptionEn}`;
      expect(englishRuns(zh), label).toEqual([]);
      expect(hanCount(zh) / zh.length, label).toBeGreaterThan(0.15);
      expect(hanCount(en), label).toBe(0);
      expect(d.nameZh, label).toMatch(/^通用/);
      expect(d.nameEn, label).toMatch(/^Generic /);
      expect(d.descriptionZh, label).toMatch(/^通用器件，不是实测电池：/);
      expect(d.descriptionEn, label).toMatch(/^A generic device, not a measured cell: /);
      expect(d.descriptionZh, label).toContain('测试容差 ±0.5 mA/cm²');
      expect(d.descriptionEn, label).toContain('tested within ±0.5 mA/cm²');
      // each language cites the same sources
      expect(doisInText(d.descriptionZh ?? ''), label).toEqual(doisInText(d.descriptionEn ?? ''));
    }
    // each example's figures, stated in each language
    for (const f of figures) {
      const e = EXAMPLE_TEXTS.find((x) => x.file === f.file);
      expect(e, f.file).toBeDefined();
      const d = list.find((x) => x.nameEn === e?.nameEn);
      expect(d, f.file).toBeDefined();
      const stated =
        f.jphMaCm2 !== undefined
          ? [`${f.jphMaCm2.toFixed(1)} mA/cm²`]
          : [
              `Jsc ${f.jscMaCm2?.toFixed(1)} mA/cm²`,
              `Voc ${f.vocV?.toFixed(3)} V`,
              `FF ${f.ffPercent?.toFixed(1)} %`,
              `PCE ${f.pcePercent?.toFixed(1)} %`,
            ];
      for (const s of stated) {
        expect(d?.descriptionZh, `${f.file}: ${s}`).toContain(s);
        expect(d?.descriptionEn, `${f.file}: ${s}`).toContain(s);
      }
    }
  });

  it('tells a Chinese text with an English sentence in it from one without', () => {
    expect(
      englishRuns('通用器件，不是实测电池：M. Koopmans, V. M. Le Corre, J. Open Source Softw. 7 (2022)。'),
    ).toEqual([]);
    expect(englishRuns('通用器件。The blend is one effective medium。')).toEqual(['The blend is one effective medium']);
  });

  it('finds an example by the words of either language', async () => {
    const ions = EXAMPLE_TEXTS.find((e) => e.file === 'perovskite-pin-ions-electrical.device.json')!;
    for (const search of ['可移动碘空位', 'mobile iodide vacancies', '碘空位，1.6e19']) {
      const res = await call<DeviceListData>('/sys/device/findPublic', { search }, alice.session);
      expect(
        res.data.list.map((d) => d.nameZh),
        search,
      ).toContain(ions.nameZh);
    }
  });
});

describe('copies keep both languages and the references', () => {
  it('copies an example, publishes the copy through review, and copies the public copy back', async () => {
    const example = (await publicExamples()).find((d) => d.references.length > 0)!;
    expect(example).toBeDefined();
    const copy = await call<Device>('/sys/device/copy', { id: example.id }, alice.session);
    expect(copy.code, copy.msg).toBe('1000');
    expect(texts(copy.data)).toEqual(texts(example));
    expect(copy.data).toMatchObject({ name: example.name, references: example.references, status: 'private' });
    // the personal list shows them too
    const mine = await call<DeviceListData>('/sys/device/findPersonal', { search: example.nameZh }, alice.session);
    expect(texts(mine.data.list.find((d) => d.id === copy.data.id)!)).toEqual(texts(example));

    const sub = await call<Review>('/sys/review/submit', { itemType: 'device', itemId: copy.data.id }, alice.session);
    expect(sub.code, sub.msg).toBe('1000');
    const ok = await call<Review>('/sys/review/approve', { id: sub.data.id }, admin);
    expect(ok.code, ok.msg).toBe('1000');
    const pub = await call<Device>('/sys/device/get', { id: ok.data.publicItemId }, alice.session);
    expect(texts(pub.data)).toEqual(texts(example));
    expect(pub.data).toMatchObject({ status: 'public', references: example.references });

    const back = await call<Device>('/sys/device/copy', { id: pub.data.id }, admin);
    expect(back.code, back.msg).toBe('1000');
    expect(texts(back.data)).toEqual(texts(example));
    expect(back.data.references).toEqual(example.references);
  });

  it("keeps a copy's languages through an edit of its notes; a new name or description is the owner's one text", async () => {
    const example = (await publicExamples())[0]!;
    const copy = (await call<Device>('/sys/device/copy', { id: example.id }, alice.session)).data;
    const notes = await call<Device>(
      '/sys/device/update',
      { id: copy.id, name: copy.name, description: copy.description, notes: 'mine now' },
      alice.session,
    );
    expect(notes.code, notes.msg).toBe('1000');
    expect(texts(notes.data)).toEqual(texts(example));

    const renamed = await call<Device>('/sys/device/update', { id: copy.id, name: '我的电池' }, alice.session);
    expect(renamed.data.name).toBe('我的电池');
    expect(renamed.data).not.toHaveProperty('nameZh');
    expect(renamed.data).not.toHaveProperty('nameEn');
    expect(renamed.data.descriptionZh).toBe(example.descriptionZh);

    const described = await call<Device>(
      '/sys/device/update',
      { id: copy.id, description: '自己的说明' },
      alice.session,
    );
    expect(described.data.description).toBe('自己的说明');
    expect(described.data).not.toHaveProperty('descriptionZh');
    expect(described.data).not.toHaveProperty('descriptionEn');
  });

  it('gives a device a user saves no per-language texts: it is shown by the name they typed', async () => {
    const example = (await publicExamples())[0]!;
    const full = await call<Device>('/sys/device/get', { id: example.id }, alice.session);
    const saved = await call<Device>(
      '/sys/device/save',
      { name: 'Typed once', description: 'one text', spec: full.data.spec },
      alice.session,
    );
    expect(saved.code, saved.msg).toBe('1000');
    expect(saved.data).toMatchObject({ name: 'Typed once', description: 'one text' });
    for (const k of ['nameZh', 'nameEn', 'descriptionZh', 'descriptionEn']) expect(saved.data).not.toHaveProperty(k);
  });
});
