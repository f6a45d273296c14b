import { ArrowLeftOutlined, DownloadOutlined, FileTextOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FaqList } from '../../components/FaqList';
import { PublicPage } from '../../components/PublicPage';
import { PaperCard } from './PaperCard';
import { REFERENCES } from './references';
import { TUTORIAL_GUIDES, tutorialImage } from './tutorials';

function HelpSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="help-section" data-testid={`help-${id}`}>
      <Typography.Title level={3} className="section-title left">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** The tutorial cards: each links to its walkthrough on this page (/help?tutorial=<key>). */
function Tutorials() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('tutorials.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {TUTORIAL_GUIDES.map((g, i) => (
          <Col key={g.key} xs={24} md={12}>
            <Card size="small" className="tutorial-card" data-testid="tutorial">
              <ReadOutlined className="tutorial-icon" />
              <div className="tutorial-body">
                <Link to={`/help?tutorial=${g.key}`} data-testid={`tutorial-link-${g.key}`}>
                  {i + 1}. {t(`tutorials.${g.key}.title`)}
                </Link>
                <div className="tutorial-summary">{t(`tutorials.${g.key}.summary`)}</div>
              </div>
              <Tag>{t('tutorials.steps', { count: g.steps })}</Tag>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}

/** One walkthrough: its steps, each a text and the screenshot the browser test took of it. */
function TutorialView({ tutorialKey }: { tutorialKey: string }) {
  const { t } = useTranslation();
  const guide = TUTORIAL_GUIDES.find((g) => g.key === tutorialKey);
  const back = (
    <Link to="/help" data-testid="tutorial-back">
      <ArrowLeftOutlined /> {t('tutorials.back')}
    </Link>
  );
  if (!guide) {
    return (
      <PublicPage title={t('tutorials.notFound')}>
        <Typography.Paragraph>{back}</Typography.Paragraph>
      </PublicPage>
    );
  }
  const title = t(`tutorials.${guide.key}.title`);
  return (
    <PublicPage title={title} subtitle={t(`tutorials.${guide.key}.summary`)}>
      <Typography.Paragraph>{back}</Typography.Paragraph>
      <ol className="tutorial-steps" data-testid={`tutorial-${guide.key}`}>
        {Array.from({ length: guide.steps }, (_, i) => i + 1).map((n) => (
          <li key={n} className="tutorial-step" data-testid="tutorial-step">
            <Typography.Title level={4}>
              {t('tutorials.step', { n })}：{t(`tutorials.${guide.key}.s${n}.title`)}
            </Typography.Title>
            <Typography.Paragraph>{t(`tutorials.${guide.key}.s${n}.text`)}</Typography.Paragraph>
            <img
              src={tutorialImage(guide.key, n)}
              alt={t('tutorials.imageAlt', { title, n })}
              className="tutorial-shot"
              width={1280}
              height={800}
              loading="lazy"
              data-testid="tutorial-shot"
            />
          </li>
        ))}
      </ol>
    </PublicPage>
  );
}

/** One downloadable file: title, what it is, the download button, and optional details below. */
function DownloadCard(props: {
  title: string;
  desc: string;
  href: string;
  fileName: string;
  buttonTestid: string;
  testid?: string;
  first?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="download-card" style={props.first ? undefined : { marginTop: 16 }} data-testid={props.testid}>
      <div className="download-head">
        <FileTextOutlined className="download-icon" />
        <div className="download-title">
          <Typography.Title level={5}>{props.title}</Typography.Title>
          <Typography.Text type="secondary">{props.desc}</Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          href={props.href}
          download={props.fileName}
          data-testid={props.buttonTestid}
        >
          {t('common.download')}
        </Button>
      </div>
      {props.children}
    </Card>
  );
}

function Downloads() {
  const { t } = useTranslation();
  return (
    <>
      <PaperCard />
      <DownloadCard
        title={t('help.jvTemplate')}
        desc={t('help.jvTemplateDesc')}
        href="/downloads/jv-template.csv"
        fileName="pvforge-jv-template.csv"
        buttonTestid="download-jv-template"
      >
        <ul className="format-list">
          <li>{t('help.jvFormat1')}</li>
          <li>{t('help.jvFormat2')}</li>
          <li>{t('help.jvFormat3')}</li>
          <li>{t('help.jvFormat4')}</li>
        </ul>
        <pre className="csv-sample">
          {'voltage_V,current_density_mA_cm2\n0.000,22.4775\n0.010,22.4725\n0.020,22.4675\n…'}
        </pre>
      </DownloadCard>
      {/* The sample measured curve of the circuit forms (apps/web/public/downloads/README.md says what it is). */}
      <DownloadCard
        testid="sample-curve-card"
        title={t('circuit.help.sampleTitle')}
        desc={t('circuit.help.sampleDesc')}
        href="/downloads/sample-perovskite-jv.csv"
        fileName="sample-perovskite-jv.csv"
        buttonTestid="download-sample-curve"
      >
        <a href="/downloads/README.md" target="_blank" rel="noreferrer" data-testid="sample-curve-readme">
          {t('circuit.help.sampleReadme')}
        </a>
      </DownloadCard>
      {/* The perovskite parameter pack (spec §1): the cited library materials, zipped by the server. */}
      <DownloadCard
        testid="perovskite-pack-card"
        title={t('help.perovskitePack')}
        desc={t('help.perovskitePackDesc')}
        href="/calc/data/perovskite-parameters.zip"
        fileName="pvforge-perovskite-parameters.zip"
        buttonTestid="download-perovskite-pack"
      />
    </>
  );
}

export default function Help() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const tutorial = search.get('tutorial');
  if (tutorial) return <TutorialView tutorialKey={tutorial} />;
  return (
    <PublicPage title={t('help.title')} subtitle={t('help.subtitle')}>
      <HelpSection id="tutorials" title={t('tutorials.title')}>
        <Tutorials />
      </HelpSection>
      <HelpSection id="downloads" title={t('help.downloads')}>
        <Downloads />
      </HelpSection>
      <HelpSection id="faq" title={t('help.faq')}>
        <FaqList />
      </HelpSection>
      <HelpSection id="references" title={t('help.references')}>
        <Typography.Paragraph type="secondary">{t('help.referencesIntro')}</Typography.Paragraph>
        <ol className="ref-list" data-testid="references">
          {REFERENCES.map((r) => (
            <li key={r.id}>
              {r.text}{' '}
              {r.href && (
                <a href={r.href} target="_blank" rel="noreferrer">
                  {r.href.replace(/^https:\/\//, '')}
                </a>
              )}
            </li>
          ))}
        </ol>
      </HelpSection>
    </PublicPage>
  );
}
