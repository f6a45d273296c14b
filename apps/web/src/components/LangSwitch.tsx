import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLang } from '../i18n';
import { useLang } from '../lib/useLang';

/** Toggles zh-CN / en; the choice is remembered in localStorage 'lang'. */
export function LangSwitch({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      className={dark ? 'lang-switch lang-switch-dark' : 'lang-switch'}
      title={t('common.switchLangTitle')}
      onClick={() => void setLang(lang === 'en' ? 'zh-CN' : 'en')}
      data-testid="lang-switch"
    >
      {t('common.switchLang')}
    </Button>
  );
}
