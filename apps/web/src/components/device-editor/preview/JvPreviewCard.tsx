import { ThunderboltOutlined } from '@ant-design/icons';
import type { DeviceSpec } from '@pvforge/contracts';
import { Alert, Button, Card, Col, Row, Spin, Statistic, Tag, Typography } from 'antd';
import { lazy, memo, Suspense, useDeferredValue, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueLine, previewErrorText } from '../messages';
import { issueOfCheck } from '../model';
import { PREVIEW_TIME_LIMIT_MS } from './coarse-settings';
import { clockNow, type JvPreviewAnswer } from './jv-preview-protocol';
import { useJvPreview } from './useJvPreview';

const LinePlot = lazy(() => import('../../plots/LinePlot'));

export interface JvPreviewCardProps {
  /** The device as the editor holds it (with its electrical block). */
  spec: DeviceSpec;
  /** False while the page loads a device: nothing runs. */
  enabled: boolean;
  /** The page's own submit of the full calculation. */
  onRunFull: () => void;
  /** The submit is on its way. */
  submitting: boolean;
}

/**
 * The electrical preview (issue 30): Jsc, Voc, FF, PCE and the J-V curve of a coarse run after each
 * edit, marked as a preview with how it differs from the full calculation, and that calculation one
 * click away. A failed or refused preview says why in a line and never blocks the editor.
 */
export function JvPreviewCard({ spec, enabled, onRunFull, submitting }: JvPreviewCardProps) {
  const { t } = useTranslation();
  const preview = useJvPreview(spec, enabled);
  const answer = preview.answer;
  // edit -> figures on screen: the frame after the commit that shows them is the one that paints them
  const [drawn, setDrawn] = useState<{ ms: number; id: number; stages: string } | undefined>();
  useLayoutEffect(() => {
    const editedAt = preview.editedAt;
    const answeredAt = preview.answeredAt;
    if (!answer || editedAt === undefined || answeredAt === undefined) return;
    const frame = requestAnimationFrame(() => {
      const at = clockNow();
      // where the time went: the page until the worker heard of the edit, the quiet time, the run,
      // the answer waiting for the page, and the page until the frame that paints it
      const stages = [
        answer.receivedAt - editedAt,
        answer.startedAt - answer.receivedAt,
        answer.postedAt - answer.startedAt,
        answeredAt - answer.postedAt,
        at - answeredAt,
      ];
      setDrawn({ ms: at - editedAt, id: answer.id, stages: stages.map((x) => x.toFixed(0)).join(' ') });
    });
    return () => cancelAnimationFrame(frame);
  }, [answer, preview.editedAt, preview.answeredAt]);
  const drawnMs = drawn?.ms;
  const computeMs = answer?.kind === 'ok' ? answer.jv.computeMs : answer?.kind === 'failed' ? answer.computeMs : 0;
  const state = preview.pending ? 'updating' : answer ? 'current' : 'idle';

  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid="jv-preview"
      data-state={state}
      data-answer={answer?.id}
      title={
        <span>
          {t('jvPreview.title')}{' '}
          <Tag color="orange" data-testid="jv-preview-badge">
            {t('jvPreview.badge')}
          </Tag>
        </span>
      }
      extra={
        <span>
          {preview.pending && <Spin size="small" aria-label={t('jvPreview.updating')} />}{' '}
          {drawnMs !== undefined && (
            <Tag
              data-testid="jv-preview-elapsed"
              data-ms={drawnMs.toFixed(0)}
              data-answer={drawn?.id}
              data-compute-ms={computeMs.toFixed(0)}
              data-fetch-ms={answer?.fetchMs.toFixed(0)}
              data-worker-ms={answer?.workerMs.toFixed(0)}
              data-stages={drawn?.stages}
              title={t('jvPreview.elapsedTitle', { ms: drawnMs.toFixed(0), compute: computeMs.toFixed(0) })}
            >
              {t('jvPreview.elapsed', { ms: drawnMs.toFixed(0) })}
            </Tag>
          )}
        </span>
      }
    >
      <div style={{ opacity: preview.pending ? 0.55 : 1, transition: 'opacity 0.2s' }}>
        {preview.workerError && (
          <Alert type="warning" showIcon title={t('jvPreview.workerError', { msg: preview.workerError })} />
        )}
        {!answer && !preview.workerError && (
          <Typography.Text type="secondary">{t('jvPreview.waiting')}</Typography.Text>
        )}
        {/* the device only for the words of a problem: figures are not re-rendered by each edit */}
        {answer && <PreviewBody answer={answer} spec={answer.kind === 'ok' ? undefined : spec} />}
      </div>
      <Button
        icon={<ThunderboltOutlined />}
        block
        style={{ marginTop: 8 }}
        loading={submitting}
        onClick={onRunFull}
        title={t('jvPreview.runFullHint', { submit: t('editor.run.submitElec') })}
        data-testid="jv-preview-run-full"
      >
        {t('jvPreview.runFull')}
      </Button>
    </Card>
  );
}

const PreviewBody = memo(function PreviewBody({
  answer,
  spec,
}: {
  answer: JvPreviewAnswer;
  /** Given with a problem to word. */
  spec: DeviceSpec | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // the figures are drawn first; the curve follows in a render of its own (the plot is the slow part)
  const jv = useDeferredValue(answer.kind === 'ok' ? answer.jv : undefined);
  const series = useMemo(() => (jv ? [{ name: t('jvPreview.series'), x: jv.V, y: jv.J }] : []), [jv, t]);
  // the same axes between edits: new objects would make the plot redraw each time an edit starts
  const axes = useMemo(
    () => ({ x: { label: t('jvPreview.voltage'), unit: 'V' }, y: { label: t('jvPreview.current'), unit: 'mA/cm²' } }),
    [t],
  );
  if (answer.kind !== 'ok') return spec ? <PreviewProblem answer={answer} spec={spec} lang={lang} /> : null;
  const f = answer.jv.figures;
  const fig = (testid: string, title: string, unit: string, value: number | undefined, digits: number) => (
    <Col span={12} data-testid={testid} data-value={value === undefined ? '' : value.toFixed(digits + 2)}>
      <Statistic
        title={`${title} (${unit})`}
        value={value === undefined ? '–' : value.toFixed(digits)}
        styles={{ content: { fontSize: 18 } }}
      />
    </Col>
  );
  const full = answer.jv.fullNodes;
  return (
    <>
      <Row gutter={[8, 4]} data-testid="jv-preview-figures">
        {fig('jv-preview-jsc', t('jvPreview.jsc'), 'mA/cm²', f?.jscMaCm2, 2)}
        {fig('jv-preview-voc', t('jvPreview.voc'), 'V', f?.vocV, 3)}
        {fig('jv-preview-ff', t('jvPreview.ff'), '%', f?.ffPercent, 1)}
        {fig('jv-preview-pce', t('jvPreview.pce'), '%', f?.pcePercent, 2)}
      </Row>
      {!f && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('jvPreview.noFigures')}
        </Typography.Paragraph>
      )}
      <Suspense fallback={<Spin />}>
        <LinePlot
          testid="jv-preview-plot"
          title={t('jvPreview.plotTitle')}
          fileName="preview-jv"
          x={axes.x}
          y={axes.y}
          series={series}
          height={220}
          jv
        />
      </Suspense>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }} data-testid="jv-preview-differs">
        {t('jvPreview.differs', {
          nodes: answer.jv.nodes,
          step: (answer.jv.stepV * 1000).toFixed(0),
          fullNodes:
            full === undefined ? t('jvPreview.fullNodesDefault') : t('jvPreview.fullNodes', { n: String(full) }),
          fullStep: (answer.jv.fullStepV * 1000).toFixed(0),
        })}
      </Typography.Paragraph>
    </>
  );
});

/** Why there is no preview, in a line: the check's first issue, a tandem, a run that gave up, an engine refusal. */
function PreviewProblem({
  answer,
  spec,
  lang,
}: {
  answer: Exclude<JvPreviewAnswer, { kind: 'ok' }>;
  spec: DeviceSpec;
  lang: string;
}) {
  const { t } = useTranslation();
  let text: string;
  let type: 'info' | 'warning' = 'warning';
  switch (answer.kind) {
    case 'invalid': {
      const first = answer.issues[0];
      const names = spec.layers.map((l) => l.name);
      const line = first ? issueLine(issueOfCheck(first), names, t, lang) : undefined;
      text =
        line === undefined
          ? t('jvPreview.invalidNoIssue')
          : answer.issues.length > 1
            ? t('jvPreview.invalidMore', { count: answer.issues.length, first: line })
            : t('jvPreview.invalid', { first: line });
      break;
    }
    case 'tandem':
      text = t('jvPreview.tandem');
      type = 'info';
      break;
    case 'failed':
      text =
        answer.reason === 'time'
          ? t('jvPreview.failedTime', { s: String(PREVIEW_TIME_LIMIT_MS / 1000) })
          : answer.atV !== undefined
            ? t('jvPreview.failedConvergence', { v: answer.atV.toFixed(3) })
            : t('jvPreview.failedConvergenceNoV');
      break;
    default:
      text = t('jvPreview.error', {
        msg: previewErrorText(answer.message, spec.illumination?.wavelength, t, lang),
      });
  }
  return <Alert type={type} showIcon title={text} data-testid="jv-preview-problem" data-kind={answer.kind} />;
}
