/**
 * The transient part of an electrical result: the scans of the protocol (both branches with the way
 * they were traced, each branch's figures and the hysteresis index), J(t) and V(t) with the light
 * switched off shaded, and the profiles at the protocol's profile times on a time slider.
 */
import { Alert, Card, Col, Row, Space, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import type { PlotSeries, PlotShade } from '../../../components/plots/types';
import { formatDuration } from '../../../lib/duration';
import { localWarning } from './engine-warnings';
import { ProfilePlots, ProfileSlider } from './ProfilePlots';
import { pceTitles, type SpectrumWindow } from './pce-window';
import type { ScanBranch, TransientView } from './result-data';
import { lightOffRanges } from './transient-data';

const f2 = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

type T = (key: string, vars?: Record<string, unknown>) => string;

/** "Reverse scan 1: 1.2 → -0.1 V, 0.1 V/s" */
function scanLabel(s: ScanBranch, k: number, t: T): string {
  return t(`transient.result.${s.direction}`, {
    n: k + 1,
    from: fmtNum(s.V[0]),
    to: fmtNum(s.V.at(-1)),
    rate: fmtNum(s.rate),
  });
}

function ScanCard({ tr, fileBase, window }: { tr: TransientView; fileBase: string; window?: SpectrumWindow }) {
  const { t } = useTranslation();
  const withWindow = tr.scans.some((s) => s.figures?.pceWindowPercent !== undefined);
  const pce = pceTitles(t, window);
  const label = (s: ScanBranch, k: number) => scanLabel(s, k, t);
  const series = useMemo<PlotSeries[]>(
    () =>
      tr.scans.map((s, k) => ({
        name: scanLabel(s, k, t),
        x: s.V,
        y: s.J,
        arrows: true,
        dashed: s.direction === 'forward',
      })),
    [tr.scans, t],
  );
  if (tr.scans.length === 0) return null;
  return (
    <Card size="small" title={t('transient.result.scansTitle')} data-testid="rste-hysteresis">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <LinePlot
            testid="rste-scans"
            title={t('transient.result.scansPlot')}
            fileName={`${fileBase}-scans`}
            x={{ label: t('results.elec.voltage'), unit: 'V' }}
            y={{ label: 'J', unit: 'mA/cm²' }}
            series={series}
          />
        </Col>
        <Col xs={24} xl={10}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Statistic
              title={t('transient.result.hi')}
              value={tr.hysteresisIndex === undefined ? '–' : tr.hysteresisIndex.toFixed(3)}
              data-testid="rste-hi"
            />
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t(tr.hysteresisIndex === undefined ? 'transient.result.hiMissing' : 'transient.result.hiDef')}
            </Typography.Paragraph>
            <Table
              size="small"
              pagination={false}
              data-testid="rste-scan-figures"
              rowKey={(_, k) => String(k)}
              dataSource={tr.scans.map((s, k) => ({ s, k }))}
              columns={[
                { title: t('transient.result.branch'), render: (_, r) => label(r.s, r.k) },
                { title: 'Jsc (mA/cm²)', align: 'right', render: (_, r) => f2(r.s.figures?.Jsc_mA_cm2) },
                { title: 'Voc (V)', align: 'right', render: (_, r) => f2(r.s.figures?.Voc_V, 3) },
                {
                  title: 'FF (%)',
                  align: 'right',
                  render: (_, r) => f2(r.s.figures === undefined ? undefined : r.s.figures.FF * 100),
                },
                {
                  title: withWindow ? pce.full : 'PCE (%)',
                  align: 'right',
                  render: (_, r) => <b>{f2(r.s.figures?.PCE_percent)}</b>,
                },
                ...(withWindow
                  ? [
                      {
                        title: pce.window,
                        align: 'right' as const,
                        render: (_: unknown, r: { s: (typeof tr.scans)[number] }) => f2(r.s.figures?.pceWindowPercent),
                      },
                    ]
                  : []),
              ]}
            />
          </Space>
        </Col>
      </Row>
    </Card>
  );
}

function TimeCard({ tr, fileBase }: { tr: TransientView; fileBase: string }) {
  const { t } = useTranslation();
  const shade = useMemo<PlotShade[]>(
    () => lightOffRanges(tr.t, tr.light).map((r) => ({ ...r, label: t('transient.result.dark') })),
    [tr.t, tr.light, t],
  );
  const tAxis = { label: t('transient.result.time'), unit: 's' };
  return (
    <Card size="small" title={t('transient.result.timeTitle')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="rste-jt"
            title={t('transient.result.jt')}
            fileName={`${fileBase}-J(t)`}
            x={tAxis}
            y={{ label: 'J', unit: 'mA/cm²' }}
            y2={{ label: t('transient.result.light'), unit: '', min: 0, max: 1 }}
            shade={shade}
            series={[
              { name: 'J', x: tr.t, y: tr.J },
              { name: t('transient.result.light'), x: tr.t, y: tr.light, yAxis: 1, step: true, dashed: true },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="rste-vt"
            title={t('transient.result.vt')}
            fileName={`${fileBase}-V(t)`}
            x={tAxis}
            y={{ label: t('results.elec.voltage'), unit: 'V' }}
            shade={shade}
            series={[{ name: t('results.elec.voltage'), x: tr.t, y: tr.V }]}
          />
        </Col>
      </Row>
    </Card>
  );
}

function ProfilesCard({ tr, fileBase }: { tr: TransientView; fileBase: string }) {
  const { t } = useTranslation();
  const profiles = tr.profiles;
  const [i, setI] = useState(0);
  const k = Math.min(i, profiles.length - 1);
  const p = profiles[k];
  if (!p) return <Alert type="info" showIcon title={t('transient.result.noProfiles')} />;
  const timeText = (j: number) => formatDuration(profiles[j]?.t ?? Number.NaN);
  return (
    <Card
      size="small"
      title={t('transient.result.profilesTitle', { t: timeText(k), v: fmtNum(p.V) })}
      data-testid="rste-tr-profiles"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ProfileSlider
          label={t('transient.result.timePick')}
          count={profiles.length}
          value={k}
          onChange={setI}
          text={timeText}
          testid="rste-time-slider"
        />
        <ProfilePlots p={p} base={`${fileBase}-t${timeText(k).replace(/\s+/g, '')}`} testPrefix="rste-tr" />
      </Space>
    </Card>
  );
}

export function TransientPanels({
  tr,
  fileBase,
  window,
}: {
  tr: TransientView;
  fileBase: string;
  window?: SpectrumWindow;
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="rste-transient">
      {!tr.converged && (
        <Alert
          type="warning"
          showIcon
          data-testid="rste-transient-error"
          title={t('transient.result.notConverged', {
            error: tr.error ? localWarning(tr.error, t) : '',
            n: tr.t.length,
          })}
          description={t('results.failure.adviceNonconvergent')}
        />
      )}
      <ScanCard tr={tr} fileBase={fileBase} window={window} />
      {tr.t.length > 0 && <TimeCard tr={tr} fileBase={fileBase} />}
      <ProfilesCard tr={tr} fileBase={fileBase} />
    </Space>
  );
}
