import {
  AimOutlined,
  AppstoreOutlined,
  CommentOutlined,
  ExperimentOutlined,
  FundProjectionScreenOutlined,
  NodeIndexOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPage } from '../../components/PublicPage';

const FUNCTIONS: { key: string; icon: ReactNode }[] = [
  { key: 'Optics', icon: <ThunderboltOutlined /> },
  { key: 'Electrical', icon: <FundProjectionScreenOutlined /> },
  { key: 'Fit', icon: <ExperimentOutlined /> },
  { key: 'Circuit', icon: <NodeIndexOutlined /> },
  { key: 'Library', icon: <AppstoreOutlined /> },
  { key: 'Community', icon: <CommentOutlined /> },
];

export default function About() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('about.title')} subtitle={t('about.subtitle')}>
      <section className="help-section" data-testid="about-us">
        <Typography.Title level={3} className="section-title left">
          {t('about.usTitle')}
        </Typography.Title>
        <Typography.Paragraph className="lead">{t('about.us')}</Typography.Paragraph>
      </section>
      <section className="help-section" data-testid="about-goals">
        <Typography.Title level={3} className="section-title left">
          {t('about.goalsTitle')}
        </Typography.Title>
        <ul className="goal-list">
          {[1, 2, 3, 4].map((n) => (
            <li key={n}>
              <AimOutlined /> {t(`about.goal${n}`)}
            </li>
          ))}
        </ul>
      </section>
      <section className="help-section" data-testid="about-functions">
        <Typography.Title level={3} className="section-title left">
          {t('about.functionsTitle')}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {FUNCTIONS.map((f) => (
            <Col key={f.key} xs={24} md={12} xl={8}>
              <Card className="feature-card small">
                <div className="feature-icon">{f.icon}</div>
                <Typography.Title level={5}>{t(`about.fn${f.key}`)}</Typography.Title>
                <Typography.Text type="secondary">{t(`about.fn${f.key}Text`)}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
      <section className="help-section" data-testid="about-algorithms">
        <Typography.Title level={3} className="section-title left">
          {t('about.algorithmsTitle')}
        </Typography.Title>
        <ol className="ref-list">
          {[1, 2, 3, 4, 5, 6].map((n) => (
            <li key={n}>{t(`about.alg${n}`)}</li>
          ))}
        </ol>
        <Link to="/validation" data-testid="about-validation-link">
          {t('validation.aboutLink')}
        </Link>
      </section>
    </PublicPage>
  );
}
