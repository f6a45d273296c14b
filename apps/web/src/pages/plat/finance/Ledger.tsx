import { Alert, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

/**
 * Recharge records and consumption details (spec §2). Nothing is charged yet (spec §1: paid
 * features come later), so the lists are empty and say why; no invented rows.
 */
export default function Ledger() {
  const { t } = useTranslation();
  const location = useLocation();
  const recharge = location.pathname.replace(/\/+$/, '').endsWith('/recharge');
  const key = recharge ? 'recharge' : 'consumption';
  return (
    <>
      <PageHeader title={t(recharge ? 'page.financeRecharge' : 'page.financeConsumption')} />
      <div className="stack">
        <Alert type="info" showIcon title={t('library.finance.paidLater')} data-testid="finance-paid-later" />
        <Card>
          <Table
            rowKey="id"
            dataSource={[]}
            data-testid={`${key}-table`}
            pagination={false}
            locale={{ emptyText: t(`library.finance.${key}Empty`) }}
            columns={[
              { title: t('library.finance.colDate'), dataIndex: 'createdAt' },
              { title: t(`library.finance.${key}Item`), dataIndex: 'note' },
              { title: t('library.finance.colAmount'), dataIndex: 'amountYuan', align: 'right' },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
