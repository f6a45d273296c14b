import { DownloadOutlined, FileTextOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FaqList } from '../../components/FaqList';
import { PublicPage } from '../../components/PublicPage';
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

function Downloads() {
  const { t } = useTranslation();
  return (
    <Card className="download-card">
      <div className="download-head">
        <FileTextOutlined className="download-icon" />
        <div className="download-title">
          <Typography.Title level={5}>{t('help.jvTemplate')}</Typography.Title>
          <Typography.Text type="secondary">{t('help.jvTemplateDesc')}</Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          href="/downloads/jv-template.csv"
          download="pvforge-jv-template.csv"
          data-testid="download-jv-template"
        >
          {t('common.download')}
        </Button>
      </div>
      <ul className="format-list">
        <li>{t('help.jvFormat1')}</li>
        <li>{t('help.jvFormat2')}</li>
        <li>{t('help.jvFormat3')}</li>
        <li>{t('help.jvFormat4')}</li>
      </ul>
      <pre className="csv-sample">
        {'voltage_V,current_density_mA_cm2\n0.000,22.4775\n0.010,22.4725\n0.020,22.4675\n…'}
      </pre>
    </Card>
  );
}

/** The sample measured curve of the circuit forms (apps/web/public/downloads/README.md says what it is). */
function SampleCurve() {
  const { t } = useTranslation();
  return (
    <Card className="download-card" style={{ marginTop: 16 }} data-testid="sample-curve-card">
      <div className="download-head">
        <FileTextOutlined className="download-icon" />
        <div className="download-title">
          <Typography.Title level={5}>{t('circuit.help.sampleTitle')}</Typography.Title>
          <Typography.Text type="secondary">{t('circuit.help.sampleDesc')}</Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          href="/downloads/sample-perovskite-jv.csv"
          download="sample-perovskite-jv.csv"
          data-testid="download-sample-curve"
        >
          {t('common.download')}
        </Button>
      </div>
      <a href="/downloads/README.md" target="_blank" rel="noreferrer" data-testid="sample-curve-readme">
        {t('circuit.help.sampleReadme')}
      </a>
    </Card>
  );
}

/** The perovskite parameter pack (spec §1): the cited library materials, zipped by the server. */
function PerovskitePack() {
  const { t } = useTranslation();
  return (
    <Card className="download-card" style={{ marginTop: 16 }} data-testid="perovskite-pack-card">
      <div className="download-head">
        <FileTextOutlined className="download-icon" />
        <div className="download-title">
          <Typography.Title level={5}>{t('help.perovskitePack')}</Typography.Title>
          <Typography.Text type="secondary">{t('help.perovskitePackDesc')}</Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          href="/calc/data/perovskite-parameters.zip"
          download="pvforge-perovskite-parameters.zip"
          data-testid="download-perovskite-pack"
        >
          {t('common.download')}
        </Button>
      </div>
    </Card>
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
        <SampleCurve />
        <PerovskitePack />
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
