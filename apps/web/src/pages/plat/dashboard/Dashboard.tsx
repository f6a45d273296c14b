import {
  AppstoreOutlined,
  BarChartOutlined,
  ExperimentOutlined,
  FundProjectionScreenOutlined,
  NodeIndexOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { ROLE } from '@pvforge/contracts';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile, useRole } from '../../../api/queries';
import { NEW_WINDOW_PATHS } from '../../../app/plat-menu';
import { Counters } from '../../../components/Counters';
import { PageHeader } from '../../../components/PageHeader';
import { storedRealName } from '../../../session/store';

const QUICK: { key: string; to: string; icon: ReactNode }[] = [
  { key: 'Opt', to: '/plat/calc/opt', icon: <ThunderboltOutlined /> },
  { key: 'Elec', to: '/plat/calc/elec', icon: <FundProjectionScreenOutlined /> },
  { key: 'Circle', to: '/plat/calc/circle', icon: <NodeIndexOutlined /> },
  { key: 'Results', to: '/plat/calc/list', icon: <BarChartOutlined /> },
  { key: 'Materials', to: '/plat/material-library/organic?cata=1&key=organic', icon: <ExperimentOutlined /> },
  { key: 'Devices', to: '/plat/myOptMaterial', icon: <AppstoreOutlined /> },
];

function QuickLinks() {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      {QUICK.map((q) => (
        <Col key={q.key} xs={12} md={8} xl={4}>
          <Link
            to={q.to}
            data-testid={`quick-${q.key.toLowerCase()}`}
            {...(NEW_WINDOW_PATHS.includes(q.to) ? { target: '_blank', rel: 'noopener' } : {})}
          >
            <Card hoverable className="quick-card">
              <div className="quick-icon">{q.icon}</div>
              <div className="quick-title">{t(`dashboard.q${q.key}`)}</div>
              <div className="quick-text">{t(`dashboard.q${q.key}Text`)}</div>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

export default function Dashboard() {
  const { t } = useTranslation();
  const profile = useProfile();
  const { role } = useRole();
  const name = profile.data?.real_name || storedRealName();
  return (
    <div className="stack">
      <PageHeader title={t('page.dashboard')} />
      <Card className="welcome-card">
        <Typography.Title level={4} className="welcome-title" data-testid="dashboard-welcome">
          {name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnon')}
        </Typography.Title>
        <Typography.Paragraph className="welcome-sub">{t('dashboard.subtitle')}</Typography.Paragraph>
        {profile.data && (
          <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="welcome-desc">
            <Descriptions.Item label={t('dashboard.email')}>{profile.data.username}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.enterprise')}>{profile.data.enterprise}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.role')}>
              {role === ROLE.admin ? t('plat.roleAdmin') : t('plat.roleUser')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <section>
        <Typography.Title level={5}>{t('dashboard.quickLinks')}</Typography.Title>
        <QuickLinks />
      </section>
      <section>
        <Typography.Title level={5}>{t('dashboard.stats')}</Typography.Title>
        <Counters />
      </section>
    </div>
  );
}
