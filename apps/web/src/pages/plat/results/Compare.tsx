/**
 * calc/compare?ids=1,2,3 — J-V and EQE of several results overlaid: each curve named by its run,
 * with what sets the run apart from the others as its subtitle (and a table of the inputs that
 * differ, and the layer stacks side by side); circuit fits by their fitted curve and, on top, the
 * measured curve; a measured curve uploaded or pasted here is drawn on top of everything.
 * calc/compare?sweep=<id> — a sweep's result (SweepResultView).
 */
import type { CalcKind } from '@pvforge/contracts';
import { sampledKeyFigures } from '@pvforge/engine';
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
import { CompareMeasured } from './CompareMeasured';
import { CompareStacks } from './CompareStacks';
import { parseIds } from './compare-ids';
import { runLabels } from './compare-runs';
import { useTableNames } from './InputList';
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

  // a layer's optics by the material's name, never the table's id (glass_soda_lime)
  const tableNames = useTableNames();
  const { jv, eqe, figures, problems, differs, runNames, stacks } = useMemo(() => {
    const jv: PlotSeries[] = [];
    const eqe: PlotSeries[] = [];
    const figures: {
      key: number;
      name: string;
      subtitle?: string;
      id: number;
      kind: string;
      f?: Record<string, number | undefined>;
      window?: SpectrumWindow;
    }[] = [];
    const problems: string[] = [];
    // measurements are drawn last, over the simulations and the fits
    const fitted: PlotSeries[] = [];
    const measured: PlotSeries[] = [];
    // the device runs' inputs: each run is named by what differs from the others ("τn = 1e-7 s")
    const devices: { id: number; kind: string; inputs: DeviceInput[] }[] = [];
    // every run by its own name (its number only where two share one)
    const loaded = details.flatMap((q, k) => (q.data ? [{ id: ids[k]!, name: q.data.record.name }] : []));
    const shown = runLabels(loaded);
    const labels = new Map(loaded.map((r, k) => [r.id, shown[k]!]));
    for (const [k, q] of details.entries()) {
      const d = q.data;
      if (d?.record.status === 'succeeded' && (d.record.kind === 'opt' || d.record.kind === 'elec'))
        devices.push({
          id: ids[k]!,
          kind: d.record.kind,
          inputs: deviceInputs(d.input, t, i18n.language, tableNames),
        });
    }
    // an optical run has no electrical settings and ignores its layers' electrical parameters:
    // next to one, runs are told apart by what the optics read
    if (devices.some((x) => x.kind === 'opt')) for (const x of devices) x.inputs = opticalInputs(x.inputs);
    // what sets each run apart ("厚度 d = 300 nm"): the subtitle of its curves
    const byDiff = namesByDifference(
      devices.map((x) => x.inputs),
      devices.map(() => ''),
      t,
    );
    const subtitles = new Map(devices.map((x, k) => [x.id, byDiff[k] || undefined]));
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
      const name = labels.get(id) ?? `#${id}`;
      const subtitle = subtitles.get(id);
      if (d.record.status !== 'succeeded') {
        problems.push(t('results.compare.notReady', { id, status: t(`results.status.${d.record.status}`) }));
        return;
      }
      if (d.record.kind === 'elec') {
        const v = readElectrical(d.result);
        const c = v && lightCurve(v);
        if (c) jv.push({ name, subtitle, x: c.V, y: c.J });
        if (v?.eqe) eqe.push({ name, subtitle, x: v.eqe.wl, y: v.eqe.eqe.map((x) => x * 100) });
        figures.push({
          key: id,
          id,
          name,
          subtitle,
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
        if (o) eqe.push({ name, subtitle, x: o.wl, y: o.eqe.map((x) => x * 100) });
        figures.push({
          key: id,
          id,
          name,
          subtitle,
          kind: d.record.kind,
          f: o ? { jsc: o.totals.absorbers } : undefined,
        });
      } else {
        // a circuit fit: the model's curve, and on top of it the measured curve it was given
        const c = readCircuit(d.result);
        const curves = measuredCurves(c);
        if (!curves.length) problems.push(t('inputs.compare.noCurve', { id }));
        const base = name;
        for (const [n, m] of curves.entries()) {
          const which = curves.length > 1 ? ` ${t('inputs.compare.curve', { n: n + 1 })}` : '';
          if (m.fitted) fitted.push({ name: `${base}${which} · ${t('inputs.compare.fitted')}`, x: m.V, y: m.fitted });
          measured.push({ name: `${base}${which} · ${t('inputs.compare.measured')}`, x: m.V, y: m.J, dashed: true });
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
    jv.push(...fitted, ...measured);
    const runNames = devices.map((x) => labels.get(x.id) ?? `#${x.id}`);
    const stacks = devices.map((x, k) => ({ label: runNames[k]!, inputs: x.inputs }));
    return { jv, eqe, figures, problems, differs, runNames, stacks };
  }, [details, ids, t, i18n.language, tableNames]);

  // SCAPS / SIMsalabim outputs beside the runs, dashed, named by their file
  const [foreign, setForeign] = useState<ForeignCurve[]>([]);
  // a measured J-V uploaded or pasted here: drawn last, on top of everything
  const [mine, setMine] = useState<PlotSeries | undefined>(undefined);
  const jvShown = useMemo(() => [...jv, ...overlaySeries(foreign, 'jv'), ...(mine ? [mine] : [])], [jv, foreign, mine]);
  const eqeShown = useMemo(() => [...eqe, ...overlaySeries(foreign, 'qe')], [eqe, foreign]);
  // the measured curve's own figures beside the runs' (no PCE: its incident power is not known)
  const figuresShown = useMemo(() => {
    if (!mine) return figures;
    const k = sampledKeyFigures(mine.x, mine.y);
    const f: Record<string, number | undefined> = { jsc: k.jscMaCm2, voc: k.vocV, ff: k.ff * 100 };
    return [...figures, { key: -1, id: 0, name: mine.name, kind: 'measured', f }];
  }, [figures, mine]);
  const loading = details.some((q) => q.isPending) || (ids.length > 0 && !tableNames);
  const withWindow = figures.some((r) => r.f?.['pceWindow'] !== undefined);
  const windows = figures.flatMap((r) => (r.f?.['pceWindow'] !== undefined && r.window ? [r.window] : []));
  const sameWindow = windows.every((w) => w.startNm === windows[0]?.startNm && w.endNm === windows[0]?.endNm)
    ? windows[0]
    : undefined;
  // one J-V plot: of the runs, or of a measured curve alone before any run is chosen
  const jvPlot = (
    <LinePlot
      testid="compare-jv"
      title={t('results.compare.jv')}
      fileName="compare-JV"
      x={{ label: t('results.elec.voltage'), unit: 'V' }}
      y={{ label: 'J', unit: 'mA/cm²' }}
      series={jvShown}
      logToggle
      jv
    />
  );
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
          <div style={{ marginTop: 8 }}>
            <CompareMeasured onSeries={setMine} />
          </div>
        </Card>
        {problems.map((p) => (
          <Alert key={p} type="warning" showIcon title={p} />
        ))}
        {sweepId !== undefined && <SweepResultView id={sweepId} />}
        {ids.length === 0 ? (
          sweepId === undefined &&
          (mine ? <Card size="small">{jvPlot}</Card> : <Empty description={t('results.compare.empty')} />)
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
                  <Card size="small">{jvPlot}</Card>
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
            {stacks.length > 1 && (
              <Card size="small" title={t('inputs.compare.stacks')} data-testid="compare-stacks">
                <CompareStacks runs={stacks} />
              </Card>
            )}
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
            {figuresShown.length > 0 && (
              <Card size="small" title={t('results.compare.table')}>
                <Table
                  size="small"
                  pagination={false}
                  data-testid="compare-table"
                  dataSource={figuresShown}
                  columns={[
                    {
                      title: t('results.compare.name'),
                      // the legend names a run; the table also gives its number
                      render: (_, r) =>
                        r.kind === 'measured' ? (
                          r.name
                        ) : (
                          <Link to={resultPath(r.kind as CalcKind, r.id)}>
                            {r.name.includes(`#${r.id}`) ? r.name : `${r.name} (#${r.id})`}
                          </Link>
                        ),
                    },
                    ...(figures.some((r) => r.subtitle)
                      ? [
                          {
                            title: t('inputs.compare.differsCol'),
                            render: (_: unknown, r: (typeof figures)[number]) => r.subtitle ?? '–',
                          },
                        ]
                      : []),
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
