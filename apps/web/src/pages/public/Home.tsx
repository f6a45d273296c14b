import {
  BankOutlined,
  ClockCircleOutlined,
  CustomerServiceOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FundProjectionScreenOutlined,
  GithubOutlined,
  MailOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { type Partner, UI_TIMING } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Carousel, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { siteApi, siteKeys } from '../../api/site';
import { Counters } from '../../components/Counters';
import { useDialogs } from '../../components/dialogs/context';
import { useSiteContact } from '../../live/contact';
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

/** The partners' logos, in the administrators' order; a partner without a logo shows its name. */
function PartnerLogos() {
  const { t, i18n } = useTranslation();
  const q = useQuery({ queryKey: siteKeys.partners, queryFn: siteApi.partners, staleTime: 5 * 60_000 });
  const list = q.data?.list ?? [];
  if (list.length === 0) return null;
  const name = (p: Partner) => (i18n.language === 'en' && p.nameEn ? p.nameEn : p.nameZh);
  return (
    <div className="partner-logos" data-testid="home-partners">
      <Typography.Title level={4}>{t('site.partnersTitle')}</Typography.Title>
      <ul>
        {list.map((p) => {
          const inner = p.logoUrl ? (
            <img src={p.logoUrl} alt={name(p)} title={name(p)} />
          ) : (
            <span className="partner-name">{name(p)}</span>
          );
          return (
            <li key={p.id} data-testid={`home-partner-${p.id}`}>
              {p.website ? (
                <a href={p.website} target="_blank" rel="noopener noreferrer">
                  {inner}
                </a>
              ) : (
                inner
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The administrators' contact fields that are filled in, in the reader's language. */
function ContactFields() {
  const { t, i18n } = useTranslation();
  const c = useSiteContact().data;
  if (!c) return null;
  const en = i18n.language === 'en';
  const address = en ? c.addressEn || c.addressZh : c.addressZh || c.addressEn;
  const hours = en ? c.hoursEn || c.hoursZh : c.hoursZh || c.hoursEn;
  return (
    <>
      {c.email && (
        <li data-testid="home-contact-email">
          <MailOutlined /> {t('site.homeEmail')}
          <a href={`mailto:${c.email}`}>{c.email}</a>
        </li>
      )}
      {c.phone && (
        <li data-testid="home-contact-phone">
          <PhoneOutlined /> {t('site.homePhone')}
          <a href={`tel:${c.phone.replace(/[^0-9+]/g, '')}`}>{c.phone}</a>
        </li>
      )}
      {address && (
        <li data-testid="home-contact-address">
          <EnvironmentOutlined /> {t('site.homeAddress')}
          {address}
        </li>
      )}
      {hours && (
        <li data-testid="home-contact-hours">
          <ClockCircleOutlined /> {t('site.homeHours')}
          {hours}
        </li>
      )}
    </>
  );
}

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
        <PartnerLogos />
      </Section>
      <Section id="contact" title={t('home.contactTitle')}>
        <Typography.Paragraph>{t('home.contactText')}</Typography.Paragraph>
        <ul className="contact-list">
          <ContactFields />
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
