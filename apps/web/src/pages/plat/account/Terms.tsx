import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AgreementText } from '../../../components/AgreementText';
import { PageHeader } from '../../../components/PageHeader';

export default function Terms() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('page.terms')} />
      <Card className="readable">
        <AgreementText />
      </Card>
    </>
  );
}
