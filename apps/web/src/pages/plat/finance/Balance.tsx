import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { libKeys, libraryApi } from '../../../api/library';
import { PricingNote } from '../../../components/finance/PricingNote';
import { PageHeader } from '../../../components/PageHeader';
import { formatYuan } from '../../../lib/library';

/** My balance (spec §2 finance/balance): balance and the totals it is made of, in yuan. */
export default function Balance() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: libKeys.balance, queryFn: libraryApi.balance });
  const stat = (key: 'balanceYuan' | 'incomeYuan' | 'rechargeYuan' | 'consumptionYuan') => (
    <Card>
      <Statistic
        title={t(`library.finance.${key}`)}
        value={formatYuan(q.data?.[key] ?? 0)}
        suffix={t('library.finance.yuan')}
        data-testid={`finance-${key}`}
      />
    </Card>
  );
  return (
    <>
      <PageHeader title={t('page.financeBalance')} />
      {q.isPending && <Skeleton active />}
      {q.isError && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed', { msg: q.error.message })}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {q.data && (
        <div className="stack">
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12} xl={6}>
              {stat('balanceYuan')}
            </Col>
            <Col xs={24} md={12} xl={6}>
              {stat('incomeYuan')}
            </Col>
            <Col xs={24} md={12} xl={6}>
              {stat('rechargeYuan')}
            </Col>
            <Col xs={24} md={12} xl={6}>
              {stat('consumptionYuan')}
            </Col>
          </Row>
          <PricingNote />
          <div>
            <Link to="/plat/finance/income" data-testid="finance-to-income">
              {t('library.finance.viewIncome')}
            </Link>
          </div>
        </div>
      )}
    </>
  );
}
