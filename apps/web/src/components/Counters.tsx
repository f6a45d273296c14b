import {
  ApartmentOutlined,
  CalculatorOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Alert, Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStats } from '../api/queries';
import { type HomeCounters, homeCounters } from '../lib/stats';

const ITEMS: { key: keyof HomeCounters; testid: string; icon: ReactNode }[] = [
  { key: 'personalDevices', testid: 'counter-personal-devices', icon: <DatabaseOutlined /> },
  { key: 'publicDevices', testid: 'counter-public-devices', icon: <CloudServerOutlined /> },
  { key: 'institutions', testid: 'counter-institutions', icon: <ApartmentOutlined /> },
  { key: 'users', testid: 'counter-users', icon: <TeamOutlined /> },
  { key: 'calculations', testid: 'counter-calculations', icon: <CalculatorOutlined /> },
];

/** The five platform counters of spec §2, from /sys/stat/all. */
export function Counters() {
  const { t } = useTranslation();
  const stats = useStats();
  if (stats.isError)
    return <Alert type="warning" showIcon title={t('stat.unavailable')} data-testid="counters-error" />;
  const values = stats.data ? homeCounters(stats.data.data) : null;
  return (
    <Row gutter={[16, 16]} data-testid="counters">
      {ITEMS.map((it) => (
        <Col key={it.key} xs={12} md={8} lg={{ flex: '1 1 0' }}>
          <Card className="counter-card" variant="borderless">
            <Statistic
              title={t(`stat.${it.key}`)}
              value={values?.[it.key] ?? 0}
              loading={stats.isPending}
              prefix={<span className="counter-icon">{it.icon}</span>}
              valueRender={(node) => <span data-testid={it.testid}>{node}</span>}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
