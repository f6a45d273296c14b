import { readFileSync } from 'node:fs';
import { CAPABILITIES, type Capability, type CapabilityId } from '@pvforge/engine';
import { PARAMS } from '@pvforge/params';
import { describe, expect, it } from 'vitest';
import { FAQ } from '../../server/src/seed/faq';
import { NEWS } from '../../server/src/seed/news';
import { MODEL_NOTES } from '../src/components/device-editor/missing-models';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';

/**
 * The public texts once told users that ion migration, hysteresis, exciton dissociation and
 * tunnelling worked when the engine had none of them. This test ties every such claim to the
 * engine's capability registry (packages/engine/src/capabilities.ts): a sentence that names a
 * capability the registry marks unsupported must say, in the same sentence, that it is not there
 * yet. Flipping a capability to unsupported, or writing a claim back, makes it fail.
 */

/**
 * The words that claim each capability. Chinese ones match as substrings, English ones are
 * case-insensitive patterns. Every text is searched for both, since Chinese texts quote English names.
 */
const CLAIMS: Record<CapabilityId, { zh: readonly string[]; en: readonly RegExp[] }> = {
  'optics.tmm': { zh: ['传输矩阵'], en: [/\btransfer[- ]matri(?:x|ces)/i] },
  'optics.incoherent': { zh: ['非相干'], en: [/\bincoherent/i] },
  'optics.generation': { zh: ['产生率'], en: [/\bgeneration (?:rate|profile)/i, /\bG\(x\)/] },
  'optics.texture': { zh: ['绒面'], en: [/\btextur/i] },
  'optics.spectra': { zh: ['AM1.5G', '黑体'], en: [/\bAM1\.5G\b/i, /\bblackbody/i] },
  'optics.spectrum-correction': { zh: ['光谱修正'], en: [/\bspectrum[- ]correction/i, /\bspectral[- ]mismatch/i] },
  'optics.nk': { zh: ['光学常数', '色散模型'], en: [/\boptical constants/i, /\bdispersion models?/i] },
  'optics.scaps-absorption': {
    zh: ['平方根吸收', '平方根定律', '吸收系数表'],
    en: [/\bsquare-root (?:absorption )?law/i, /\babsorption(?: coefficient)? tables?\b/i],
  },
  'electrical.drift-diffusion': { zh: ['漂移-扩散', '漂移扩散'], en: [/\bdrift-diffusion/i] },
  'electrical.heterojunction': { zh: ['异质结'], en: [/\bheterojunction/i] },
  'electrical.grading': { zh: ['渐变层', '组分渐变'], en: [/\bgraded layers?\b/i, /\bcomposition grading/i] },
  // "no carriers" reads as "not there" to NOT_YET, so the claim words are the positive ones
  'electrical.no-generation': {
    zh: ['产生自由载流子'],
    en: [/\bmak(?:es|ing) (?:no )?free carriers/i, /\blayerGen\b/],
  },
  'electrical.generation-profile': {
    zh: ['产生率分布（导入）', '产生率分布文件'],
    en: [/\bgeneration profile \(imported\)/i, /\bgeneration-profile file/i, /\bimported generation profiles?/i],
  },
  'electrical.thermionic-emission': { zh: ['热电子发射'], en: [/\bthermionic/i] },
  'electrical.fermi-dirac': { zh: ['费米-狄拉克'], en: [/\bfermi-dirac/i] },
  'electrical.recombination.srh': { zh: ['SRH'], en: [/\bSRH\b/i, /\bshockley-read-hall/i] },
  'electrical.recombination.radiative': { zh: ['辐射复合'], en: [/\bradiative\b/i] },
  'electrical.recombination.auger': { zh: ['俄歇'], en: [/\bauger\b/i] },
  'electrical.recombination.interface': { zh: ['界面复合'], en: [/\binterface (?:SRH|recombination)/i] },
  'electrical.recombination.surface': {
    zh: ['表面复合'],
    en: [/\bsurface (?:SRH|recombination)/i, /\bcontact recombination/i],
  },
  'electrical.schottky': { zh: ['肖特基'], en: [/\bschottky/i] },
  'electrical.resistance': {
    zh: ['串联电阻', '并联电阻', '串并联电阻'],
    en: [/\bseries (?:and shunt )?resistance/i, /\bshunt resistance/i],
  },
  'electrical.eqe': { zh: ['EQE', 'IQE', '量子效率'], en: [/\b[EI]QE\b/i, /\bquantum efficiency/i] },
  'electrical.profiles': { zh: ['能带'], en: [/\bband diagrams?/i] },
  'electrical.ions': { zh: ['离子迁移', '移动离子'], en: [/\bion[- ]migration/i, /\bmobile[- ]ions?\b/i] },
  'electrical.transient': {
    zh: ['瞬态', '预处理', '扫描速率', '迟滞'],
    en: [/\btransient/i, /\bprecondition/i, /\bscan[- ]rates?\b/i, /\bhysteresis/i],
  },
  'electrical.impedance': { zh: ['阻抗'], en: [/\bimpedance/i] },
  'electrical.excitons': {
    zh: ['激子解离', '激子扩散'],
    en: [/\bexciton(?:ic)? dissociation/i, /\bexciton diffusion/i, /\bonsager/i],
  },
  'electrical.tunnelling': { zh: ['隧穿'], en: [/\btunnel/i] },
  'electrical.tandem': { zh: ['叠层'], en: [/\btandems?\b/i] },
  'electrical.charged-defects': {
    zh: ['带电缺陷', '缺陷分布', '电容-电压'],
    // capacitance against voltage (charged defects); C(f) of an impedance spectrum is another thing
    en: [/\bcharged (?:defects?|traps?)/i, /\bdefect distributions?/i, /\bC-V\b/, /\bcapacitance[- ]voltage/i],
  },
  'circuit.sdm': { zh: ['五参数', '单二极管'], en: [/\b(?:five|5)-parameter/i, /\bsingle-diode/i] },
  'circuit.two-diode': { zh: ['双二极管'], en: [/\btwo-diode/i] },
  'circuit.modified-diode': { zh: ['修正二极管'], en: [/\bmodified diode/i] },
  'circuit.fit': { zh: ['拟合'], en: [/\bfit(?:s|ted|ting)?\b/i] },
  'circuit.multi-curve': { zh: ['多条曲线', '多曲线'], en: [/\bseveral curves\b/i, /\bmulti-curve/i] },
  'circuit.profile-likelihood': { zh: ['剖面似然'], en: [/\bprofile[- ]likelihood/i] },
  'fit.device': {
    zh: ['器件参数拟合', '器件模型拟合'],
    en: [/\bfit(?:s|ting)? (?:the )?(?:device|drift-diffusion) (?:model|parameters)/i, /\bdevice fit/i],
  },
  'losses.detailed-balance': { zh: ['细致平衡'], en: [/\bdetailed[- ]balance/i, /\bshockley-queisser/i] },
  'losses.quantification': { zh: ['损失量化'], en: [/\b(?:efficiency-)?loss quantification/i] },
  'interop.scaps': { zh: ['SCAPS'], en: [/\bSCAPS\b/] },
  'interop.simsalabim': { zh: ['SIMsalabim', 'SimSS'], en: [/\bSIMsalabim\b/, /\bSimSS\b/] },
};

/**
 * What makes a sentence say that a model is missing. Short and fixed on purpose: a new way of
 * saying "not yet" is added here deliberately, not picked up by accident.
 */
const NOT_YET = {
  zh: ['尚未', '暂不', '暂未', '还不', '没有', '无法', '不能', '不支持'],
  en: [
    /\bnot yet\b/i,
    /\bnot (?:modelled|modeled|simulated|supported|available|computed|used)\b/i,
    /\b(?:does|do|is|are|can)(?:n't| not)\b/i,
    /\bcannot\b/i,
    /\bno\b/i,
    /\bwithout\b/i,
  ],
};

/** An FAQ answer that opens with a bare "yes" to a question about a missing model is a claim. */
const BARE_YES = /^(?:可以|能|支持|是的|yes)$/i;

interface Text {
  where: string;
  text: string;
}

interface FaqEntry {
  where: string;
  question: string;
  answer: string;
}

function sentences(text: string): string[] {
  return text
    .split(/[。；！？!?;\n]|\.(?=\s|$)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function mentions(sentence: string, id: CapabilityId): boolean {
  const words = CLAIMS[id];
  return words.zh.some((w) => sentence.includes(w)) || words.en.some((w) => w.test(sentence));
}

function saysNotYet(sentence: string): boolean {
  return NOT_YET.zh.some((w) => sentence.includes(w)) || NOT_YET.en.some((w) => w.test(sentence));
}

/** Whether some sentence of the text names the capability and says it is not there yet. */
function honestAbout(text: string, id: CapabilityId): boolean {
  return sentences(text).some((s) => mentions(s, id) && saysNotYet(s));
}

function missing(capabilities: readonly Capability[]): CapabilityId[] {
  return capabilities.filter((c) => !c.supported).map((c) => c.id as CapabilityId);
}

/** Every sentence that names a missing model without saying so. */
function claimProblems(texts: readonly Text[], capabilities: readonly Capability[]): string[] {
  const problems: string[] = [];
  for (const { where, text } of texts)
    for (const s of sentences(text))
      for (const id of missing(capabilities))
        if (mentions(s, id) && !saysNotYet(s)) problems.push(`${where}: "${s}" claims ${id}`);
  return problems;
}

/** An FAQ question about a missing model must get an answer that says so, not a bare yes. */
function faqProblems(entries: readonly FaqEntry[], capabilities: readonly Capability[]): string[] {
  const problems = claimProblems(
    entries.map((e) => ({ where: `${e.where} answer`, text: e.answer })),
    capabilities,
  );
  for (const e of entries) {
    const asked = missing(capabilities).filter((id) => mentions(e.question, id));
    if (asked.length === 0) continue;
    if (BARE_YES.test(sentences(e.answer)[0]?.replace(/[，,]$/, '') ?? ''))
      problems.push(`${e.where}: answers "${e.question}" with a bare yes`);
    for (const id of asked)
      if (!honestAbout(e.answer, id))
        problems.push(`${e.where}: "${e.question}" is answered without saying ${id} is missing`);
  }
  return problems;
}

function leaves(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [k2, v2] of leaves(v, key)) out.set(k2, v2);
  }
  return out;
}

const UI = { 'zh-CN': leaves(zhCN), en: leaves(en) };

/** The README's first paragraph: what the project says it is, on GitHub and in the package. */
function readmeIntro(): string {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  return readme.split(/\n\s*\n/).find((p) => !p.startsWith('#')) ?? '';
}

function publicTexts(): Text[] {
  const texts: Text[] = [{ where: 'README.md', text: readmeIntro() }];
  for (const [lang, messages] of Object.entries(UI))
    for (const [key, text] of messages) texts.push({ where: `i18n ${lang} ${key}`, text });
  NEWS.forEach((n, i) => {
    for (const field of ['title', 'summary', 'body'] as const)
      for (const lang of ['zh', 'en'] as const)
        texts.push({ where: `news[${i}].${field}_${lang}`, text: n[`${field}_${lang}`] });
  });
  return texts;
}

function faqEntries(): FaqEntry[] {
  return FAQ.flatMap((f, i) => [
    { where: `faq[${i}] zh`, question: f.question_zh, answer: f.answer_zh },
    { where: `faq[${i}] en`, question: f.question_en, answer: f.answer_en },
  ]);
}

function allProblems(capabilities: readonly Capability[]): string[] {
  return [...claimProblems(publicTexts(), capabilities), ...faqProblems(faqEntries(), capabilities)];
}

const flipped = (id: CapabilityId): Capability[] =>
  CAPABILITIES.map((c) => (c.id === id ? { ...c, supported: !c.supported } : c));

describe('public texts claim only what the engine supports', () => {
  it('reads the real FAQ, news, both UI languages and the README', () => {
    expect(faqEntries()).toHaveLength(58);
    expect(NEWS.length).toBeGreaterThanOrEqual(6);
    expect(UI['zh-CN'].size).toBeGreaterThan(500);
    expect(UI.en.size).toBe(UI['zh-CN'].size);
    expect(readmeIntro()).toMatch(/^PVForge is /);
  });

  it('names no missing model without saying it is missing', () => {
    expect(allProblems(CAPABILITIES)).toEqual([]);
  });

  it('has claim words for every capability, and the registry lists each id once', () => {
    const ids = CAPABILITIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(CLAIMS).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(CLAIMS[id].zh.length * CLAIMS[id].en.length, id).toBeGreaterThan(0);
  });

  it('fails when a model the texts describe is marked unsupported', () => {
    const described = CAPABILITIES.filter((c) => c.supported && allProblems(flipped(c.id)).length > 0).map((c) => c.id);
    // The core of each module must stay described; the rest follows the texts.
    expect(described).toEqual(
      expect.arrayContaining([
        'optics.tmm',
        'optics.texture',
        'optics.spectrum-correction',
        'electrical.drift-diffusion',
        'electrical.eqe',
        'electrical.ions',
        'electrical.transient',
        'electrical.impedance',
        'electrical.excitons',
        'electrical.tunnelling',
        'circuit.sdm',
        'circuit.modified-diode',
        'circuit.fit',
        'losses.quantification',
        // what issue 26 brought in, named in the editor's and the import's texts
        'optics.scaps-absorption',
        'electrical.grading',
        'electrical.no-generation',
        'electrical.generation-profile',
        'interop.scaps',
        'interop.simsalabim',
        // issue 27: the About page's functions and algorithms name the device fit
        'fit.device',
      ]),
    );
  });

  it("lists SCAPS and SIMsalabim import among the About page's functions, in both languages", () => {
    // the functions list is where a SCAPS user looks for what PVForge does
    for (const messages of Object.values(UI)) {
      const functions = [...messages].filter(([k]) => /^about\.fn\w+Text$/.test(k)).map(([, v]) => v);
      for (const id of [
        'interop.scaps',
        'interop.simsalabim',
        'optics.scaps-absorption',
        'electrical.grading',
      ] as const)
        expect(
          functions.some((f) => mentions(f, id)),
          id,
        ).toBe(true);
    }
  });

  /** The registry as it was when those claims were published: ions, transients, impedance, excitons and tunnelling missing. */
  const BEFORE_IONS: Capability[] = CAPABILITIES.map((c) =>
    [
      'electrical.ions',
      'electrical.transient',
      'electrical.impedance',
      'electrical.excitons',
      'electrical.tunnelling',
      'electrical.tandem',
    ].includes(c.id)
      ? { ...c, supported: false }
      : c,
  );

  it('catches the claims that were once published', () => {
    const old: Text[] = [
      { where: 'old banner', text: 'J-V 曲线、能带、载流子浓度与复合，覆盖离子迁移与隧穿' },
      {
        where: 'old about',
        text: 'Ion migration: ion continuity in the perovskite layer with implicit adaptive time stepping, forward and reverse scans and preconditioning protocols.',
      },
      { where: 'old news', text: '支持钙钛矿离子迁移、有机激子解离和隧穿结。' },
      { where: 'old functions', text: 'exciton dissociation for organic cells, tunnelling for tandems and TOPCon.' },
    ];
    const problems = claimProblems(old, BEFORE_IONS);
    for (const id of ['electrical.ions', 'electrical.tunnelling', 'electrical.transient', 'electrical.excitons'])
      expect(
        problems.some((p) => p.endsWith(id)),
        id,
      ).toBe(true);
    const oldFaq: FaqEntry[] = [
      {
        where: 'old faq',
        question: '能模拟钙钛矿电池的离子迁移吗？',
        answer: '可以。电学模块支持钙钛矿层中的可移动离子，可设置预处理、扫描速率以及正扫和反扫，用于分析迟滞现象。',
      },
      { where: 'bare yes', question: 'Can organic and tandem cells be simulated?', answer: 'Yes. See the manual.' },
    ];
    const faq = faqProblems(oldFaq, BEFORE_IONS);
    expect(faq.some((p) => p.includes('bare yes') && p.startsWith('old faq'))).toBe(true);
    expect(faq.some((p) => p.startsWith('bare yes') && p.includes('electrical.tandem'))).toBe(true);
    expect(faq.some((p) => p.includes('claims electrical.transient'))).toBe(true);
  });

  it('lets a sentence say that a model is not there yet', () => {
    const honest: Text[] = [
      { where: 'zh', text: '电学模块目前尚未模拟离子迁移，也无法分析迟滞。' },
      { where: 'en', text: 'Exciton dissociation and tunnelling are not modelled yet.' },
      { where: 'without', text: 'Steady-state drift-diffusion of perovskite cells without mobile ions.' },
    ];
    expect(claimProblems(honest, BEFORE_IONS)).toEqual([]);
    // The marker has to be in the same sentence as the claim.
    expect(claimProblems([{ where: 'x', text: '支持离子迁移。隧穿尚未建模。' }], BEFORE_IONS)).toEqual([
      'x: "支持离子迁移" claims electrical.ions',
    ]);
  });

  it('explains each parameter label beside it, and the device editor notes each missing model', () => {
    // parameter labels (the exciton diffusion length, say) are the registry's, shown with its tip:
    // a label that names a missing model needs a tip that says so
    for (const p of PARAMS)
      for (const lang of ['zh', 'en'] as const)
        for (const id of missing(CAPABILITIES).filter((m) => mentions(p.label[lang], m)))
          expect(honestAbout(p.tip[lang], id), `${p.path} tip (${lang}) about ${id}`).toBe(true);
    for (const { id, note } of MODEL_NOTES.filter((n) => missing(CAPABILITIES).includes(n.id)))
      for (const messages of Object.values(UI)) expect(honestAbout(messages.get(note) ?? '', id), note).toBe(true);
  });
});
