/** The two UI languages. zh-CN is the default everywhere (spec: Chinese first). */
export const LANGS = ['zh-CN', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';

/** A text in every UI language. */
export type Localized = Record<Lang, string>;

/**
 * Picks the language from an explicit choice (X-Lang header or a query value) or an
 * Accept-Language header. Anything that is not clearly English stays Chinese.
 */
export function resolveLang(explicit?: string | null, acceptLanguage?: string | null): Lang {
  const pick = (v: string): Lang | undefined => {
    const t = v.trim().toLowerCase();
    if (t.startsWith('en')) return 'en';
    if (t.startsWith('zh')) return 'zh-CN';
    return undefined;
  };
  if (explicit) {
    const l = pick(explicit);
    if (l) return l;
  }
  if (acceptLanguage) {
    for (const part of acceptLanguage.split(',')) {
      const l = pick(part.split(';')[0] ?? '');
      if (l) return l;
    }
  }
  return DEFAULT_LANG;
}

/** Fills {name} placeholders. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
