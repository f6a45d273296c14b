import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0034 (issue 29): the full names of the library's materials were English only in the Chinese
 * interface (`name` is the short name, `name_en` the full English one). Each seeded material gets
 * its full Chinese name (`name_zh`), by key; the seed gives new platforms the same. A material a
 * user made has none (its `name` is what they typed). Frozen here, as a shipped migration's texts.
 */
export const MATERIAL_NAMES_ZH: Readonly<Record<string, string>> = {
  ag: '银',
  al: '铝',
  cu: '铜',
  au: '金',
  ito: '氧化铟锡',
  fto: '掺氟氧化锡',
  azo: '掺铝氧化锌',
  tio2: '二氧化钛（致密锐钛矿）',
  sno2: '二氧化锡',
  zno: '氧化锌',
  c60: '富勒烯 C60（蒸镀）',
  pc61bm: '[6,6]-苯基-C61-丁酸甲酯',
  pc71bm: '[6,6]-苯基-C71-丁酸甲酯',
  cds: '硫化镉（窗口/缓冲层）',
  sio2_tunnel: '二氧化硅薄膜（隧穿/钝化氧化层）',
  sinx: '氮化硅（PECVD，减反射/钝化）',
  poly_si_n: '磷掺杂多晶硅（TOPCon 背面层）',
  spiro_ometad: "2,2',7,7'-四[N,N-二(4-甲氧基苯基)氨基]-9,9'-螺二芴（掺杂）",
  ptaa: '聚[双(4-苯基)(2,4,6-三甲基苯基)胺]',
  pedot_pss: '聚(3,4-乙烯二氧噻吩):聚苯乙烯磺酸盐（AI 4083）',
  nio: '氧化镍（空穴传输层）',
  moo3: '三氧化钼（MoOx）',
  al2o3: '氧化铝（ALD 钝化）',
  cs2agbibr6: '铯银铋溴双钙钛矿',
  masni3: '甲胺锡碘',
  fasni3: '甲脒锡碘',
  cssni3: '铯锡碘',
  mapbi3: '甲胺铅碘',
  mapbi3_vapour: '甲胺铅碘，气相转化薄膜（宽波段 n,k）',
  csfama: 'Cs/FA/MA 三阳离子铅混合卤素钙钛矿',
  fapbi3: '甲脒铅碘',
  cspbi3: '铯铅碘',
  mapbbr3: '甲胺铅溴',
  cspbbr3: '铯铅溴',
  p3ht_pc61bm: '聚(3-己基噻吩):PC61BM 体异质结',
  ptb7_pc71bm: 'PTB7:PC71BM 体异质结',
  pbdbt_itic: 'PBDB-T:ITIC（1:1）非富勒烯体异质结',
  pm6: 'PM6（PBDB-T-2F）给体聚合物',
  y6: 'Y6（BTP-4F）非富勒烯受体',
  pm6_y6: 'PM6:Y6 体异质结',
  c_si: '晶体硅',
  a_si_h: '氢化非晶硅',
  gaas: '砷化镓',
  cdte: '碲化镉',
  cigs: '铜铟镓硒',
};

export function materialChineseNamesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('materials').addColumn('name_zh', 'varchar(200)').execute();
      for (const [key, name] of Object.entries(MATERIAL_NAMES_ZH))
        await sql`update materials set name_zh = ${name} where key = ${key} and owner_id is null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('materials').dropColumn('name_zh').execute();
    },
  };
}
