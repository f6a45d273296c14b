import {
  BankOutlined,
  CustomerServiceOutlined,
  ExperimentOutlined,
  FundProjectionScreenOutlined,
  GithubOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  QuestionCircleOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { UI_TIMING } from '@pvforge/contracts';
import { Button, Card, Carousel, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Counters } from '../../components/Counters';
import { useDialogs } from '../../components/dialogs/context';
import { useSession } from '../../session/useSession';

const BANNERS = ['optics', 'drift-diffusion', 'circuit', 'materials'] as const;

function Banner() {
  const { t } = useTranslation();
  const session = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const start = () => (session ? navigate('/plat') : dialogs.open('register'));
  return (
    <div className="banner" data-testid="home-banner">
      <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={UI_TIMING.bannerAutoplayMs} effect="fade" draggable>
        {BANNERS.map((b, i) => (
          <div key={b}>
            {/* The artwork is decorative: the slide's own heading and text say what it shows. */}
            <div className="banner-slide" style={{ backgroundImage: `url(/banners/${b}.svg)` }}>
              <div className="banner-text">
                <h2 className="banner-title">{t(`home.banner${i + 1}Title`)}</h2>
                <p className="banner-sub">{t(`home.banner${i + 1}Text`)}</p>
                <div className="banner-actions">
                  <Button type="primary" size="large" onClick={start} data-testid={`banner-start-${i + 1}`}>
                    {t('home.start')}
                  </Button>
                  <Link to="/about">
                    <Button size="large" ghost>
                      {t('home.learnMore')}
                    </Button>
                  </Link>
                </div>
              </div>
            </div>
          </div>
        ))}
      </Carousel>
    </div>
  );
}

function Section({
  id,
  title,
  children,
  tinted,
}: {
  id: string;
  title: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <section className={tinted ? 'home-section tinted' : 'home-section'} id={id} data-testid={`home-${id}`}>
      <div className="container">
        <Typography.Title level={2} className="section-title">
          {title}
        </Typography.Title>
        {children}
      </div>
    </section>
  );
}

const FEATURES = [
  { n: 1, icon: <ThunderboltOutlined /> },
  { n: 2, icon: <FundProjectionScreenOutlined /> },
  { n: 3, icon: <NodeIndexOutlined /> },
];
const CUSTOMERS = [
  { n: 1, icon: <BankOutlined /> },
  { n: 2, icon: <ToolOutlined /> },
  { n: 3, icon: <ExperimentOutlined /> },
];

export default function Home() {
  const { t } = useTranslation();
  return (
    <>
      <Banner />
      <Section id="intro" title={t('home.introTitle')}>
        <Typography.Paragraph className="lead">{t('home.intro1')}</Typography.Paragraph>
        <Typography.Paragraph className="lead">{t('home.intro2')}</Typography.Paragraph>
        <Row gutter={[24, 24]} className="feature-row">
          {FEATURES.map((f) => (
            <Col key={f.n} xs={24} md={8}>
              <Card className="feature-card" variant="borderless">
                <div className="feature-icon">{f.icon}</div>
                <Typography.Title level={4}>{t(`home.feature${f.n}`)}</Typography.Title>
                <Typography.Text type="secondary">{t(`home.feature${f.n}Text`)}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </Section>
      <Section id="stats" title={t('home.statsTitle')} tinted>
        <Counters />
        <Typography.Paragraph type="secondary" className="stats-note">
          {t('home.statsNote')}
        </Typography.Paragraph>
      </Section>
      <Section id="about" title={t('home.aboutTitle')}>
        <Typography.Paragraph className="lead">{t('home.about')}</Typography.Paragraph>
        <Link to="/about">
          <Button data-testid="home-about-more">{t('home.learnMore')}</Button>
        </Link>
      </Section>
      <Section id="customers" title={t('home.customersTitle')} tinted>
        <Row gutter={[24, 24]}>
          {CUSTOMERS.map((c) => (
            <Col key={c.n} xs={24} md={8}>
              <Card className="customer-card">
                <div className="customer-icon">{c.icon}</div>
                <Typography.Title level={4}>{t(`home.customer${c.n}`)}</Typography.Title>
                <Typography.Text type="secondary">{t(`home.customer${c.n}Text`)}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </Section>
      <Section id="contact" title={t('home.contactTitle')}>
        <Typography.Paragraph>{t('home.contactText')}</Typography.Paragraph>
        <ul className="contact-list">
          <li>
            <CustomerServiceOutlined /> {t('home.contactConsult')}
          </li>
          <li>
            <MessageOutlined /> {t('home.contactForum')}
          </li>
          <li>
            <QuestionCircleOutlined /> <Link to="/help">{t('home.contactHelp')}</Link>
          </li>
          <li>
            <GithubOutlined /> {t('home.contactSource')}
          </li>
        </ul>
      </Section>
    </>
  );
}
