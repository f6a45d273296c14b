/**
 * calc/compare?ids=1,2,3 — J-V and EQE of several results overlaid, legend by calculation name;
 * calc/compare?sweep=<id> — a scan-rate sweep's hysteresis index against the rate (SweepHysteresis).
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Form, Row, Select, Space, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, NetworkError } from '../../../api/client';
import { resultsApi } from '../../../api/results';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import LinePlot from '../../../components/plots/LinePlot';
import type { PlotSeries } from '../../../components/plots/types';
import { SweepResultView } from '../../../components/sweep/SweepResultView';
import { parseIds } from './compare-ids';
import { lightCurve, readElectrical, readOptics, resultPath } from './result-data';

export default function Compare() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ids = parseIds(params.get('ids'));
  const sweepId = parseIds(params.get('sweep'))[0];
  const list = useQuery({
    queryKey: ['calcList', 'compare'],
    queryFn: () => resultsApi.list(1, 100, undefined, 'succeeded'),
  });
  const details = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['calcData', id],
      queryFn: () => resultsApi.calcData(id),
      retry: false,
    })),
  });

  const options = useMemo(() => {
    const rows = list.data?.list ?? [];
    const opts = rows.map((r) => ({ value: r.id, label: `${r.name} (#${r.id}, ${t(`results.kind.${r.kind}`)})` }));
    // ids of the address not in the first page of the list still show by number
    for (const id of ids) if (!opts.some((o) => o.value === id)) opts.push({ value: id, label: `#${id}` });
    return opts;
  }, [list.data, ids, t]);

  const { jv, eqe, figures, problems } = useMemo(() => {
    const jv: PlotSeries[] = [];
    const eqe: PlotSeries[] = [];
    const figures: { key: number; name: string; id: number; kind: string; f?: Record<string, number | undefined> }[] =
      [];
    const problems: string[] = [];
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
      const name = `${d.record.name} (#${id})`;
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
              }
            : undefined,
        });
      } else if (d.record.kind === 'opt') {
        const o = readOptics(d.result);
        if (o) eqe.push({ name, x: o.wl, y: o.eqe.map((x) => x * 100) });
        figures.push({ key: id, id, name, kind: d.record.kind, f: o ? { jsc: o.totals.absorbers } : undefined });
      }
    });
    return { jv, eqe, figures, problems };
  }, [details, ids, t]);

  const loading = details.some((q) => q.isPending);
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
                loading={list.isPending}
                placeholder={t('results.compare.pickPlaceholder')}
                notFoundContent={t('results.compare.noneAvailable')}
                value={ids}
                options={options}
                optionFilterProp="label"
                onChange={(v: number[]) => setParams(v.length ? { ids: v.join(',') } : {}, { replace: true })}
              />
            </Form.Item>
          </Form>
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
            {jv.length === 0 && eqe.length === 0 && (
              <Alert type="info" showIcon title={t('results.compare.noCurves')} />
            )}
            <Row gutter={[16, 16]}>
              {jv.length > 0 && (
                <Col xs={24} xl={12}>
                  <Card size="small">
                    <LinePlot
                      testid="compare-jv"
                      title={t('results.compare.jv')}
                      fileName="compare-JV"
                      x={{ label: t('results.elec.voltage'), unit: 'V' }}
                      y={{ label: 'J', unit: 'mA/cm²' }}
                      series={jv}
                      logToggle
                    />
                  </Card>
                </Col>
              )}
              {eqe.length > 0 && (
                <Col xs={24} xl={12}>
                  <Card size="small">
                    <LinePlot
                      testid="compare-eqe"
                      title={t('results.compare.eqe')}
                      fileName="compare-EQE"
                      x={{ label: t('results.opt.wavelength'), unit: 'nm' }}
                      y={{ label: 'EQE', unit: '%', min: 0, max: 100 }}
                      series={eqe}
                    />
                  </Card>
                </Col>
              )}
            </Row>
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
                      render: (_, r) => <Link to={resultPath(r.kind as 'opt' | 'elec', r.id)}>{r.name}</Link>,
                    },
                    { title: 'Jsc (mA/cm²)', align: 'right', render: (_, r) => f2(r.f?.['jsc']) },
                    { title: 'Voc (V)', align: 'right', render: (_, r) => f2(r.f?.['voc'], 3) },
                    { title: 'FF (%)', align: 'right', render: (_, r) => f2(r.f?.['ff']) },
                    { title: 'PCE (%)', align: 'right', render: (_, r) => f2(r.f?.['pce']) },
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
