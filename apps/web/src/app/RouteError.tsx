import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/route-error';

/** What a user sees instead of a blank page or a stack trace when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <div data-testid="route-error" style={{ padding: '64px 16px' }}>
      <Result
        status={chunk ? 'warning' : 'error'}
        title={chunk ? t('routeError.chunkTitle') : t('routeError.title')}
        subTitle={chunk ? t('routeError.chunkDesc') : t('routeError.desc')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>,
          <Button key="home" onClick={() => window.location.assign('/')}>
            {t('routeError.home')}
          </Button>,
        ]}
      />
    </div>
  );
}
