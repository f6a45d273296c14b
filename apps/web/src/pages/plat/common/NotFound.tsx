import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Card data-testid="not-found">
      <Result
        status="404"
        title={<span data-testid="page-title">{t('notFound.title')}</span>}
        subTitle={
          <>
            {t('notFound.desc')}
            <br />
            <code className="path-code">{location.pathname}</code>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/plat/index')} data-testid="not-found-back">
            {t('notFound.back')}
          </Button>
        }
      />
    </Card>
  );
}
