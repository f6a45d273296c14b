import {
  ArrowLeftOutlined,
  DownloadOutlined,
  FileTextOutlined,
  PlayCircleOutlined,
  ReadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { Lang } from '@pvforge/contracts';
import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FaqList } from '../../components/FaqList';
import { PublicPage } from '../../components/PublicPage';
import { currentLang } from '../../i18n';
import { PaperCard } from './PaperCard';
import { REFERENCES } from './references';
import {
  formatVideoTime,
  TUTORIAL_GUIDES,
  type TutorialKey,
  tutorialCaptions,
  tutorialImage,
  tutorialVideo,
  tutorialVideoSeconds,
} from './tutorials';

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
        {TUTORIAL_GUIDES.map((g, i) => {
          const seconds = tutorialVideoSeconds(g.key);
          const time = seconds === undefined ? '' : formatVideoTime(seconds);
          return (
            <Col key={g.key} xs={24} md={12}>
              <Card size="small" className="tutorial-card" data-testid="tutorial">
                {seconds === undefined ? (
                  <ReadOutlined className="tutorial-icon" />
                ) : (
                  <PlayCircleOutlined className="tutorial-icon" />
                )}
                <div className="tutorial-body">
                  <Link to={`/help?tutorial=${g.key}`} data-testid={`tutorial-link-${g.key}`}>
                    {i + 1}. {t(`tutorials.${g.key}.title`)}
                  </Link>
                  <div className="tutorial-summary">{t(`tutorials.${g.key}.summary`)}</div>
                  <div className="tutorial-tags">
                    {seconds !== undefined && (
                      <Tag
                        icon={<VideoCameraOutlined />}
                        color="blue"
                        title={t('tutorials.videoHint', { time })}
                        data-testid={`tutorial-video-tag-${g.key}`}
                      >
                        {t('tutorials.videoTag', { time })}
                      </Tag>
                    )}
                    <Tag>{t('tutorials.steps', { count: g.steps })}</Tag>
                  </div>
                </div>
              </Card>
            </Col>
          );
        })}
      </Row>
    </>
  );
}

/**
 * The video of a walkthrough with its caption tracks; the UI language's track is the default, and
 * shows when the language is switched on the page. Reports the start of each step, read from the
 * showing track's cues (one per step), so the steps below can start the video there.
 */
function TutorialVideo(props: {
  tutorialKey: TutorialKey;
  title: string;
  lang: Lang;
  videoRef: RefObject<HTMLVideoElement | null>;
  onStepStarts: (starts: number[]) => void;
}) {
  const { t } = useTranslation();
  const { tutorialKey: key, lang, videoRef, onStepStarts } = props;
  useEffect(() => {
    const video = videoRef.current;
    const track = video?.querySelector<HTMLTrackElement>(`track[srclang="${lang}"]`);
    if (!video || !track) return;
    for (const t of Array.from(video.textTracks)) t.mode = t === track.track ? 'showing' : 'disabled';
    // The browser's own pick of captions (by its language, not the page's) may come after this and
    // show a second track beside ours; the player's menu never shows two, so two are that pick.
    const keepOne = () => {
      const showing = Array.from(video.textTracks).filter((t) => t.mode === 'showing');
      if (showing.length > 1) for (const t of showing) if (t !== track.track) t.mode = 'disabled';
    };
    const read = () => onStepStarts(Array.from(track.track.cues ?? [], (c) => c.startTime));
    if (track.readyState === HTMLTrackElement.LOADED) read();
    track.addEventListener('load', read);
    video.textTracks.addEventListener('change', keepOne);
    return () => {
      track.removeEventListener('load', read);
      video.textTracks.removeEventListener('change', keepOne);
    };
  }, [lang, videoRef, onStepStarts]);
  return (
    <figure className="tutorial-video-figure">
      <video
        ref={videoRef}
        className="tutorial-video"
        controls
        preload="metadata"
        playsInline
        poster={tutorialImage(key, 1)}
        width={1280}
        height={800}
        aria-label={t('tutorials.videoLabel', { title: props.title })}
        data-testid="tutorial-video"
      >
        <source src={tutorialVideo(key)} type="video/webm" />
        <track
          kind="captions"
          src={tutorialCaptions(key, 'zh-CN')}
          srcLang="zh-CN"
          label={t('tutorials.captionsZh')}
          default={lang === 'zh-CN'}
        />
        <track
          kind="captions"
          src={tutorialCaptions(key, 'en')}
          srcLang="en"
          label={t('tutorials.captionsEn')}
          default={lang === 'en'}
        />
        <p>
          {t('tutorials.videoUnsupported')}{' '}
          <a href={tutorialVideo(key)} download>
            {t('tutorials.videoDownload')}
          </a>
        </p>
      </video>
      <figcaption className="tutorial-video-note">{t('tutorials.videoNote')}</figcaption>
    </figure>
  );
}

/** One walkthrough: its video, then its steps, each a text and the screenshot the browser test took of it. */
function TutorialView({ tutorialKey }: { tutorialKey: string }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stepStarts, setStepStarts] = useState<number[]>([]);
  const guide = TUTORIAL_GUIDES.find((g) => g.key === tutorialKey);
  // useTranslation renders again on a language switch, so this follows it
  const lang = currentLang();
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
  const playFrom = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = seconds;
    void video.play().catch(() => undefined);
    video.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  return (
    <PublicPage title={title} subtitle={t(`tutorials.${guide.key}.summary`)}>
      <Typography.Paragraph>{back}</Typography.Paragraph>
      <TutorialVideo
        tutorialKey={guide.key}
        title={title}
        lang={lang}
        videoRef={videoRef}
        onStepStarts={setStepStarts}
      />
      <ol className="tutorial-steps" data-testid={`tutorial-${guide.key}`}>
        {Array.from({ length: guide.steps }, (_, i) => i + 1).map((n) => (
          <li key={n} className="tutorial-step" data-testid="tutorial-step">
            <div className="tutorial-step-head">
              <Typography.Title level={4} data-testid="tutorial-step-title">
                {t('tutorials.stepTitle', { n, title: t(`tutorials.${guide.key}.s${n}.title`) })}
              </Typography.Title>
              {stepStarts.length === guide.steps && (
                <Button
                  size="small"
                  icon={<PlayCircleOutlined />}
                  onClick={() => playFrom(stepStarts[n - 1]!)}
                  data-testid={`tutorial-play-${n}`}
                >
                  {t('tutorials.playFrom', { time: formatVideoTime(stepStarts[n - 1]!) })}
                </Button>
              )}
            </div>
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
  // keyed: another tutorial starts afresh (its video, its step times)
  if (tutorial) return <TutorialView key={tutorial} tutorialKey={tutorial} />;
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
