/**
 * The result of a monolithic two-terminal tandem (rste/:id when the device has electrical.tandem):
 * the 2T figures (subcells in series, and the whole stack as one device when it was asked for) beside
 * the 4T efficiency and each subcell's, the subcell and tandem J-V curves,
 * the photocurrents with the mismatch and the limiting subcell, and the top-cell thickness sweep
 * for current matching.
 */
import { Alert, Card, Col, Row, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import type { PlotSeries } from '../../../components/plots/types';
import { paramLang, wordsOf } from '../../../lib/params';
import { localWarning, nonconvergentAdvice } from './engine-warnings';
import { pceTitles, type SpectrumWindow } from './pce-window';
import { Warnings } from './ResultShell';
import type { TandemFigures, TandemView } from './tandem-data';

const f2 = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

function FiguresTable({ v, window }: { v: TandemView; window?: SpectrumWindow }) {
  const { t } = useTranslation();
  const pce = pceTitles(t, window);
  const rows: { key: string; name: string; f?: TandemFigures; pce?: number; pceWindow?: number }[] = [];
  rows.push({ key: 'series', name: t('tandem.result.series'), ...(v.series?.figures ? { f: v.series.figures } : {}) });
  if (v.wholeStack)
    rows.push({
      key: 'whole',
      name: t('tandem.result.wholeStack'),
      ...(v.wholeStack.figures ? { f: v.wholeStack.figures } : {}),
    });
  if (v.fourTerminalPce !== undefined)
    rows.push({
      key: 'fourT',
      name: t('tandem.result.fourTerminal'),
      pce: v.fourTerminalPce,
      ...(v.fourTerminalPceWindow !== undefined ? { pceWindow: v.fourTerminalPceWindow } : {}),
    });
  for (const c of v.subcells)
    rows.push({
      key: c.subcell,
      name: t(`tandem.result.${c.subcell}Cell`),
      ...(c.figures ? { f: c.figures } : {}),
    });
  const withWindow = rows.some((r) => (r.pceWindow ?? r.f?.pceWindowPercent) !== undefined);
  return (
    <Table
      size="small"
      pagination={false}
      data-testid="tandem-figures"
      dataSource={rows}
      columns={[
        { title: t('tandem.result.curve'), dataIndex: 'name' },
        { title: 'Jsc (mA/cm²)', align: 'right', render: (_, r) => f2(r.f?.Jsc_mA_cm2) },
        { title: 'Voc (V)', align: 'right', render: (_, r) => f2(r.f?.Voc_V, 3) },
        { title: 'FF (%)', align: 'right', render: (_, r) => f2(r.f ? r.f.FF * 100 : undefined) },
        {
          title: withWindow ? pce.full : 'PCE (%)',
          align: 'right',
          render: (_, r) => <b data-testid={`tandem-pce-${r.key}`}>{f2(r.pce ?? r.f?.PCE_percent)}</b>,
        },
        ...(withWindow
          ? [
              {
                title: pce.window,
                align: 'right' as const,
                render: (_: unknown, r: (typeof rows)[number]) => (
                  <span data-testid={`tandem-pce-window-${r.key}`}>{f2(r.pceWindow ?? r.f?.pceWindowPercent)}</span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function PhotocurrentTable({ v }: { v: TandemView }) {
  const { t } = useTranslation();
  const top = v.subcells.find((c) => c.subcell === 'top');
  const bottom = v.subcells.find((c) => c.subcell === 'bottom');
  const ma = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '–' : `${x.toFixed(2)} mA/cm²`);
  const rows = [
    { key: 'jphTop', value: ma(top?.jPhoto) },
    { key: 'jphBottom', value: ma(bottom?.jPhoto) },
    { key: 'jscTop', value: ma(top?.figures?.Jsc_mA_cm2) },
    { key: 'jscBottom', value: ma(bottom?.figures?.Jsc_mA_cm2) },
    { key: 'mismatch', value: ma(v.mismatch.diff) },
    { key: 'mismatchRel', value: `${f2(v.mismatch.relative * 100, 1)} %` },
    { key: 'limiting', value: t(`tandem.result.${v.mismatch.limiting}Cell`) },
    ...(v.reflected !== undefined ? [{ key: 'reflected', value: ma(v.reflected) }] : []),
    ...(v.parasitic !== undefined ? [{ key: 'parasitic', value: ma(v.parasitic) }] : []),
  ];
  return (
    <Table
      size="small"
      pagination={false}
      data-testid="tandem-photocurrents"
      dataSource={rows}
      columns={[
        { title: t('tandem.result.quantity'), render: (_, r) => t(`tandem.result.${r.key}`) },
        {
          title: t('tandem.result.value'),
          align: 'right',
          render: (_, r) => <span data-testid={`tandem-${r.key}`}>{r.value}</span>,
        },
      ]}
    />
  );
}

export function TandemBody({ v, fileBase, window }: { v: TandemView; fileBase: string; window?: SpectrumWindow }) {
  const { t, i18n } = useTranslation();
  // the swept layer's thickness, in the registry's words ("PVK 厚度 d")
  const thickness = wordsOf('layers[].thicknessNm', paramLang(i18n.language));
  const jv = useMemo<PlotSeries[]>(() => {
    const out: PlotSeries[] = [];
    if (v.series) out.push({ name: t('tandem.result.series'), x: v.series.V, y: v.series.J });
    if (v.wholeStack) out.push({ name: t('tandem.result.wholeStack'), x: v.wholeStack.V, y: v.wholeStack.J });
    for (const c of v.subcells) out.push({ name: t(`tandem.result.${c.subcell}Cell`), x: c.V, y: c.J, dashed: true });
    return out;
  }, [v, t]);
  const sweep = useMemo<PlotSeries[]>(
    () =>
      v.sweep
        ? [
            { name: t('tandem.result.jTop'), x: v.sweep.d, y: v.sweep.jTop },
            { name: t('tandem.result.jBottom'), x: v.sweep.d, y: v.sweep.jBottom },
          ]
        : [],
    [v, t],
  );
  const jAxis = { label: 'J', unit: 'mA/cm²' };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="tandem-body">
      {v.subcells
        .filter((c) => !c.converged)
        .map((c) => (
          <Alert
            key={c.subcell}
            type="warning"
            showIcon
            title={t('tandem.result.notConverged', {
              cell: t(`tandem.result.${c.subcell}Cell`),
              error: c.error ? localWarning(c.error, t) : '',
            })}
            description={t(nonconvergentAdvice(c.error))}
          />
        ))}
      {v.wholeStack && !v.wholeStack.converged && (
        <Alert
          type="warning"
          showIcon
          data-testid="tandem-whole-not-converged"
          title={t('tandem.result.notConverged', {
            cell: t('tandem.result.wholeStackRun'),
            error: v.wholeStack.error ? localWarning(v.wholeStack.error, t) : '',
          })}
          description={t(nonconvergentAdvice(v.wholeStack.error))}
        />
      )}
      <Warnings warnings={v.warnings} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('tandem.result.figures')}>
            <FiguresTable v={v} window={window} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('tandem.result.note')}
              {v.wholeStack ? ` ${t('tandem.result.noteWhole')}` : ''}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small">
            <LinePlot
              testid="tandem-jv"
              title={t('tandem.result.jv')}
              fileName={`${fileBase}-tandem-JV`}
              x={{ label: t('results.elec.voltage'), unit: 'V' }}
              y={jAxis}
              series={jv}
              jv
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('tandem.result.photocurrents')}>
            <PhotocurrentTable v={v} />
          </Card>
        </Col>
        {v.sweep && (
          <Col xs={24} xl={12}>
            <Card size="small">
              <LinePlot
                testid="tandem-sweep"
                title={t('tandem.result.sweep')}
                fileName={`${fileBase}-thickness-sweep`}
                x={{ label: `${v.sweep.layer} ${thickness.label}`, unit: thickness.unit }}
                y={jAxis}
                series={sweep}
              />
              <Typography.Paragraph
                type="secondary"
                style={{ marginTop: 8, marginBottom: 0 }}
                data-testid="tandem-matched"
              >
                {v.sweep.matched !== undefined
                  ? t('tandem.result.matched', { layer: v.sweep.layer, d: fmtNum(Math.round(v.sweep.matched)) })
                  : t('tandem.result.notMatched')}
              </Typography.Paragraph>
            </Card>
          </Col>
        )}
      </Row>
    </Space>
  );
}
