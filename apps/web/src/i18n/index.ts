import { DEFAULT_LANG, LANGS, type Lang } from '@pvforge/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-CN';

export const LANG_KEY = 'lang';

/** The remembered choice; anything unknown falls back to Chinese (spec: Chinese first). */
export function storedLang(): Lang {
  const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANG_KEY);
  return (LANGS as readonly string[]).includes(v ?? '') ? (v as Lang) : DEFAULT_LANG;
}

export function currentLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}

export async function setLang(lang: Lang): Promise<void> {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = storedLang();

export default i18n;
