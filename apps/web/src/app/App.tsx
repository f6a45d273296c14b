import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiError, setLangSource } from '../api/client';
import { currentLang } from '../i18n';
import { useLang } from '../lib/useLang';
import { router } from './router';
import { theme } from './theme';

setLangSource(currentLang);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call (4xx answer) will not change by asking again; a network blip might.
      retry: (count, error) => !(error instanceof ApiError) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function App() {
  const lang = useLang();
  const { t } = useTranslation();
  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
    document.title = `${t('common.appName')} · ${t('common.appFullName')}`;
  }, [lang, t]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={theme}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
