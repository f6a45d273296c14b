import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FaqList } from '../../../components/FaqList';
import { PageHeader } from '../../../components/PageHeader';

export default function Faq() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('faq.title')} />
      <Card>
        <FaqList />
      </Card>
    </>
  );
}
