import { DownloadOutlined, FileTextOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FaqList } from '../../components/FaqList';
import { PublicPage } from '../../components/PublicPage';
import { PaperCard } from './PaperCard';
import { REFERENCES, TUTORIALS } from './references';

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

function Tutorials() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('help.videosIntro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {TUTORIALS.map((v, i) => (
          <Col key={v.key} xs={24} md={12}>
            <Card size="small" className="tutorial-card" data-testid="tutorial">
              <PlayCircleOutlined className={v.href ? 'tutorial-icon' : 'tutorial-icon muted-icon'} />
              <div className="tutorial-body">
                {v.href ? (
                  <a href={v.href} target="_blank" rel="noreferrer">
                    {i + 1}. {t(`help.${v.key}`)}
                  </a>
                ) : (
                  <span>
                    {i + 1}. {t(`help.${v.key}`)}
                  </span>
                )}
              </div>
              {!v.href && <Tag data-testid="tutorial-coming-soon">{t('common.comingSoon')}</Tag>}
            </Card>
          </Col>
        ))}
      </Row>
    </>
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
  return (
    <PublicPage title={t('help.title')} subtitle={t('help.subtitle')}>
      <HelpSection id="videos" title={t('help.videos')}>
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
