import type { Lang } from '@pvforge/contracts';
import { useTranslation } from 'react-i18next';

/** The current UI language as the contracts package names it. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}
