import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

/** A page that a later release builds: says so plainly, names the page, offers a way back. */
export default function NotAvailable({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = t(titleKey);
  return (
    <>
      <PageHeader title={name} />
      <Card data-testid="not-available">
        <Result
          icon={<ClockCircleOutlined className="muted-icon" />}
          title={t('unavailable.title')}
          subTitle={t('unavailable.desc', { page: name })}
          extra={
            <Button type="primary" onClick={() => navigate('/plat/index')} data-testid="not-available-back">
              {t('unavailable.back')}
            </Button>
          }
        />
      </Card>
    </>
  );
}
