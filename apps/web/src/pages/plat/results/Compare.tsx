/**
 * calc/compare?ids=1,2,3 — J-V and EQE of several results overlaid: simulations named by the
 * inputs that differ between them (with a table of those inputs), circuit fits by their measured
 * curve (dashed) and fitted curve, so a measurement overlays a simulation;
 * calc/compare?sweep=<id> — a scan-rate sweep's hysteresis index against the rate (SweepHysteresis).
 */
import type { CalcKind } from '@pvforge/contracts';
import type { ForeignCurve } from '@pvforge/interop';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Form, Row, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { circuitApi } from '../../../api/circuit';
import { ApiError, NetworkError } from '../../../api/client';
import { resultsApi } from '../../../api/results';
import { CurveOverlayControl, overlaySeries } from '../../../components/interop/CurveOverlay';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import LinePlot from '../../../components/plots/LinePlot';
import type { PlotSeries } from '../../../components/plots/types';
import { SweepResultView } from '../../../components/sweep/SweepResultView';
import {
  type DeviceInput,
  deviceInputs,
  differingInputs,
  formatInput,
  inputLabel,
  namesByDifference,
  opticalInputs,
} from '../../../lib/device-inputs';
import { parseIds } from './compare-ids';
import { pceTitles, type SpectrumWindow, spectrumWindow } from './pce-window';
import { type CircuitView, lightCurve, readCircuit, readElectrical, readOptics, resultPath } from './result-data';

export default function Compare() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ids = parseIds(params.get('ids'));
  const sweepId = parseIds(params.get('sweep'))[0];
  const list = useQuery({
    queryKey: ['calcList', 'compare'],
    queryFn: () => resultsApi.list(1, 100, undefined, 'succeeded'),
  });
  // circuit fits too: their measured curves overlay the simulated ones
  const circuits = useQuery({
    queryKey: ['circleCalcList', 'compare'],
    queryFn: () => circuitApi.list('circuit', { page: 1, size: 100, status: 'succeeded' }),
  });
  const details = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['calcData', id],
      queryFn: () => resultsApi.calcData(id),
      retry: false,
    })),
  });

  const options = useMemo(() => {
    const rows = [...(list.data?.list ?? []), ...(circuits.data?.list ?? [])];
    const opts = rows.map((r) => ({ value: r.id, label: `${r.name} (#${r.id}, ${t(`results.kind.${r.kind}`)})` }));
    // ids of the address not in the first page of the list still show by number
    for (const id of ids) if (!opts.some((o) => o.value === id)) opts.push({ value: id, label: `#${id}` });
    return opts;
  }, [list.data, circuits.data, ids, t]);

  const { jv, eqe, figures, problems, differs, runNames } = useMemo(() => {
    const jv: PlotSeries[] = [];
    const eqe: PlotSeries[] = [];
    const figures: {
      key: number;
      name: string;
      id: number;
      kind: string;
      f?: Record<string, number | undefined>;
      window?: SpectrumWindow;
    }[] = [];
    const problems: string[] = [];
    // the device runs' inputs: each run is named by what differs from the others ("τn = 1e-7 s")
    const devices: { id: number; record: string; kind: string; inputs: DeviceInput[] }[] = [];
    for (const [k, q] of details.entries()) {
      const d = q.data;
      if (d?.record.status === 'succeeded' && (d.record.kind === 'opt' || d.record.kind === 'elec'))
        devices.push({
          id: ids[k]!,
          record: d.record.name,
          kind: d.record.kind,
          inputs: deviceInputs(d.input, t, i18n.language),
        });
    }
    // an optical run has no electrical settings and ignores its layers' electrical parameters:
    // next to one, runs are told apart by what the optics read
    if (devices.some((x) => x.kind === 'opt')) for (const x of devices) x.inputs = opticalInputs(x.inputs);
    const byDiff = namesByDifference(
      devices.map((x) => x.inputs),
      devices.map((x) => `${x.record} (#${x.id})`),
      t,
    );
    // two runs may differ only in what is not listed (their kind): the number tells them apart
    const unique = new Set(byDiff).size === byDiff.length;
    const runNames = new Map(devices.map((x, k) => [x.id, unique ? byDiff[k]! : `${byDiff[k]} (#${x.id})`]));
    const differs = differingInputs(devices.map((x) => x.inputs)).map((x) => ({
      key: x.key,
      label: inputLabel(x.item),
      values: x.values.map((v) => (v ? formatInput(v, t) : t('inputs.absent'))),
    }));
    details.forEach((q, k) => {
      const id = ids[k]!;
      if (q.isError) {
        const msg =
          q.error instanceof ApiError
            ? q.error.answer.msg
            : q.error instanceof NetworkError
              ? t('results.actions.networkError')
              : String(q.error);
        problems.push(t('results.compare.loadFailed', { id, msg }));
        return;
      }
      const d = q.data;
      if (!d) return;
      const name = runNames.get(id) ?? `${d.record.name} (#${id})`;
      if (d.record.status !== 'succeeded') {
        problems.push(t('results.compare.notReady', { id, status: t(`results.status.${d.record.status}`) }));
        return;
      }
      if (d.record.kind === 'elec') {
        const v = readElectrical(d.result);
        const c = v && lightCurve(v);
        if (c) jv.push({ name, x: c.V, y: c.J });
        if (v?.eqe) eqe.push({ name, x: v.eqe.wl, y: v.eqe.eqe.map((x) => x * 100) });
        figures.push({
          key: id,
          id,
          name,
          kind: d.record.kind,
          f: c?.figures
            ? {
                jsc: c.figures.Jsc_mA_cm2,
                voc: c.figures.Voc_V,
                ff: c.figures.FF * 100,
                pce: c.figures.PCE_percent,
                pceWindow: c.figures.pceWindowPercent,
              }
            : undefined,
          window: spectrumWindow(d.input),
        });
      } else if (d.record.kind === 'opt') {
        const o = readOptics(d.result);
        if (o) eqe.push({ name, x: o.wl, y: o.eqe.map((x) => x * 100) });
        figures.push({ key: id, id, name, kind: d.record.kind, f: o ? { jsc: o.totals.absorbers } : undefined });
      } else {
        // a circuit fit: the measured curve it was given (dashed) and the model's curve
        const c = readCircuit(d.result);
        const curves = measuredCurves(c);
        if (!curves.length) problems.push(t('inputs.compare.noCurve', { id }));
        const base = `${d.record.name} (#${id})`;
        for (const [n, m] of curves.entries()) {
          const which = curves.length > 1 ? ` ${t('inputs.compare.curve', { n: n + 1 })}` : '';
          jv.push({ name: `${base}${which} · ${t('inputs.compare.measured')}`, x: m.V, y: m.J, dashed: true });
          if (m.fitted) jv.push({ name: `${base}${which} · ${t('inputs.compare.fitted')}`, x: m.V, y: m.fitted });
        }
        const kfs = c?.fit?.dataKeyFigures ?? c?.curve?.keyFigures;
        figures.push({
          key: id,
          id,
          name: `${base} · ${t('inputs.compare.measured')}`,
          kind: d.record.kind,
          f: kfs
            ? {
                jsc: kfs.jscMaCm2,
                voc: kfs.vocV,
                ff: kfs.ff === undefined ? undefined : kfs.ff * 100,
                pce: kfs.pcePercent,
              }
            : undefined,
        });
      }
    });
    return { jv, eqe, figures, problems, differs, runNames: devices.map((x) => runNames.get(x.id)!) };
  }, [details, ids, t, i18n.language]);

  // SCAPS / SIMsalabim outputs beside the runs, dashed, named by their file
  const [foreign, setForeign] = useState<ForeignCurve[]>([]);
  const jvShown = useMemo(() => [...jv, ...overlaySeries(foreign, 'jv')], [jv, foreign]);
  const eqeShown = useMemo(() => [...eqe, ...overlaySeries(foreign, 'qe')], [eqe, foreign]);
  const loading = details.some((q) => q.isPending);
  const withWindow = figures.some((r) => r.f?.['pceWindow'] !== undefined);
  const windows = figures.flatMap((r) => (r.f?.['pceWindow'] !== undefined && r.window ? [r.window] : []));
  const sameWindow = windows.every((w) => w.startNm === windows[0]?.startNm && w.endNm === windows[0]?.endNm)
    ? windows[0]
    : undefined;
  const f2 = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));
  return (
    <div data-testid="compare-page">
      <PageHeader title={t('results.compare.title')} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Form layout="vertical">
            <Form.Item label={t('results.compare.pick')} htmlFor="compare-pick" style={{ marginBottom: 0 }}>
              <Select
                id="compare-pick"
                mode="multiple"
                allowClear
                data-testid="compare-pick"
                loading={list.isPending || circuits.isPending}
                placeholder={t('inputs.compare.pickPlaceholder')}
                notFoundContent={t('results.compare.noneAvailable')}
                value={ids}
                options={options}
                optionFilterProp="label"
                onChange={(v: number[]) => setParams(v.length ? { ids: v.join(',') } : {}, { replace: true })}
              />
            </Form.Item>
          </Form>
          <div style={{ marginTop: 8 }}>
            <CurveOverlayControl curves={foreign} onChange={setForeign} kinds={['jv', 'qe']} testid="compare-overlay" />
          </div>
        </Card>
        {problems.map((p) => (
          <Alert key={p} type="warning" showIcon title={p} />
        ))}
        {sweepId !== undefined && <SweepResultView id={sweepId} />}
        {ids.length === 0 ? (
          sweepId === undefined && <Empty description={t('results.compare.empty')} />
        ) : loading ? (
          <Loading tip={t('results.loading')} />
        ) : (
          <>
            {jvShown.length === 0 && eqeShown.length === 0 && (
              <Alert type="info" showIcon title={t('results.compare.noCurves')} />
            )}
            <Row gutter={[16, 16]}>
              {jvShown.length > 0 && (
                <Col xs={24} xl={12}>
                  <Card size="small">
                    <LinePlot
                      testid="compare-jv"
                      title={t('results.compare.jv')}
                      fileName="compare-JV"
                      x={{ label: t('results.elec.voltage'), unit: 'V' }}
                      y={{ label: 'J', unit: 'mA/cm²' }}
                      series={jvShown}
                      logToggle
                    />
                  </Card>
                </Col>
              )}
              {eqeShown.length > 0 && (
                <Col xs={24} xl={12}>
                  <Card size="small">
                    <LinePlot
                      testid="compare-eqe"
                      title={t('results.compare.eqe')}
                      fileName="compare-EQE"
                      x={{ label: t('results.opt.wavelength'), unit: 'nm' }}
                      y={{ label: 'EQE', unit: '%', min: 0, max: 100 }}
                      series={eqeShown}
                    />
                  </Card>
                </Col>
              )}
            </Row>
            {runNames.length > 1 && (
              <Card size="small" title={t('inputs.compare.differs')} data-testid="compare-differs">
                {differs.length === 0 ? (
                  <Typography.Text type="secondary">{t('inputs.compare.differsNone')}</Typography.Text>
                ) : (
                  <Table
                    size="small"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    rowKey="key"
                    dataSource={differs}
                    columns={[
                      { title: t('inputs.field'), dataIndex: 'label' },
                      ...runNames.map((n, k) => ({
                        key: String(k),
                        title: n,
                        render: (_: unknown, r: (typeof differs)[number]) => (
                          <Typography.Text mark>{r.values[k]}</Typography.Text>
                        ),
                      })),
                    ]}
                  />
                )}
              </Card>
            )}
            {figures.length > 0 && (
              <Card size="small" title={t('results.compare.table')}>
                <Table
                  size="small"
                  pagination={false}
                  data-testid="compare-table"
                  dataSource={figures}
                  columns={[
                    {
                      title: t('results.compare.name'),
                      // the legend names a run by what differs; the table also gives its number
                      render: (_, r) => (
                        <Link to={resultPath(r.kind as CalcKind, r.id)}>
                          {r.name.includes(`#${r.id}`) ? r.name : `${r.name} (#${r.id})`}
                        </Link>
                      ),
                    },
                    { title: 'Jsc (mA/cm²)', align: 'right', render: (_, r) => f2(r.f?.['jsc']) },
                    { title: 'Voc (V)', align: 'right', render: (_, r) => f2(r.f?.['voc'], 3) },
                    { title: 'FF (%)', align: 'right', render: (_, r) => f2(r.f?.['ff']) },
                    {
                      title: withWindow ? pceTitles(t, undefined).full : 'PCE (%)',
                      align: 'right',
                      render: (_, r) => f2(r.f?.['pce']),
                    },
                    ...(withWindow
                      ? [
                          {
                            // runs with different windows: each cell says its own bounds
                            title: pceTitles(t, sameWindow).window,
                            align: 'right' as const,
                            render: (_: unknown, r: (typeof figures)[number]) =>
                              r.f?.['pceWindow'] === undefined
                                ? '–'
                                : `${f2(r.f['pceWindow'])}${!sameWindow && r.window ? ` (${r.window.startNm}–${r.window.endNm} nm)` : ''}`,
                          },
                        ]
                      : []),
                  ]}
                />
              </Card>
            )}
          </>
        )}
      </Space>
    </div>
  );
}

/** The measured curves of a circuit fit, with the fitted model's current at the same voltages. */
function measuredCurves(c: CircuitView | null): { V: number[]; J: number[]; fitted?: number[] }[] {
  if (!c) return [];
  if (c.fit?.curves.length)
    return c.fit.curves.filter((k) => k.V.length > 0).map((k) => ({ V: k.V, J: k.measured, fitted: k.fitted }));
  const mdm = (c.mdm ?? []).flatMap((m) => (m.measured ? [{ V: m.measured.V, J: m.measured.J }] : []));
  if (mdm.length) return mdm;
  return c.measured ? [{ V: c.measured.V, J: c.measured.J }] : [];
}
