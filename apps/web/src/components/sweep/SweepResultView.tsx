/**
 * A parameter sweep's result (issue 19): while its calculations run, how many have ended; then each
 * key figure against the parameter (one parameter: Jsc, Voc, FF, PCE on value axes, a log axis for
 * a logarithmic sweep) or as a heat map over the two parameters, the table of every combination
 * with a link to its full result, and the exports (the server's workbook or CSV files; each plot's
 * own CSV). A sweep of the protocol's scan rate alone keeps its hysteresis view.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Form, Progress, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { resultsApi } from '../../api/results';
import { deviceInputs } from '../../lib/device-inputs';
import { localWarning } from '../../pages/plat/results/engine-warnings';
import { ExportButtons, errorText, STATUS_COLOR } from '../../pages/plat/results/ResultShell';
import { resultPath } from '../../pages/plat/results/result-data';
import { SweepHysteresis } from '../../pages/plat/results/SweepHysteresis';
import { figureInfo, figureMap, figureSeries, hysteresisVsRate, readSweep } from '../../pages/plat/results/sweep-data';
import { Loading } from '../Loading';
import HeatmapPlot from '../plots/HeatmapPlot';
import LinePlot from '../plots/LinePlot';
import { fmtNum } from '../plots/plot-data';
import type { PlotAxis } from '../plots/types';
import { looksLogarithmic } from './sweep-model';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function SweepResultView({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['calcData', id],
    queryFn: () => resultsApi.calcData(id),
    retry: false,
    refetchInterval: (query) => {
      const s = query.state.data?.record.status;
      return s === 'queued' || s === 'running' ? 3000 : false;
    },
  });
  const running = q.data?.record.status === 'queued' || q.data?.record.status === 'running';
  const children = useQuery({
    queryKey: ['sweepChildren', id],
    queryFn: () => resultsApi.sweepChildren(id),
    enabled: running,
    refetchInterval: running ? 3000 : false,
  });
  const sweep = useMemo(() => (q.data ? readSweep(q.data.result) : null), [q.data]);
  const [figure, setFigure] = useState<string | undefined>();
  // the parameters as the form labels them, in the current language (the stored label is the fallback)
  const axes = useMemo<(PlotAxis & { full: string })[]>(() => {
    if (!sweep) return [];
    const input = isObj(q.data?.input) ? q.data.input : {};
    const fields = deviceInputs(input['device'], t, i18n.language);
    return sweep.parameters.map((p) => {
      const f = fields.find((x) => x.path === p.path);
      const label = f ? (f.owner ? `${f.owner} › ${f.field}` : f.field) : p.label || t('sweep.axisName', { n: 1 });
      const unit = f?.unit ?? '';
      return { label, unit, log: looksLogarithmic(p.values), full: unit ? `${label} (${unit})` : label };
    });
  }, [sweep, q.data, t, i18n.language]);

  if (q.isPending) return <Loading tip={t('results.loading')} />;
  if (q.isError)
    return (
      <Alert type="warning" showIcon title={t('results.compare.loadFailed', { id, msg: errorText(q.error, t) })} />
    );
  const { record } = q.data;
  if (running) {
    const all = children.data?.children ?? [];
    const ended = all.filter((c) => !['queued', 'running'].includes(c.status)).length;
    return (
      <Card size="small" title={t('sweep.result.running', { name: record.name })} data-testid="sweep-running">
        <Progress percent={all.length ? Math.round((100 * ended) / all.length) : 0} status="active" />
        {all.length > 0 && (
          <Typography.Text type="secondary">
            {t('sweep.result.progress', { done: ended, n: all.length })}
          </Typography.Text>
        )}
      </Card>
    );
  }
  if (!sweep) return <Alert type="warning" showIcon title={t('results.failure.noResult')} />;
  if (hysteresisVsRate(sweep)) return <SweepHysteresis record={record} sweep={sweep} />;

  const names = sweep.figureNames;
  const shownFigure = figure && names.includes(figure) ? figure : (names.find((n) => n === 'PCE_percent') ?? names[0]);
  const figLabel = (n: string) => {
    const f = figureInfo(n);
    return { label: t(f.key, { ...f.vars, defaultValue: n }), unit: f.unit };
  };
  const failed = sweep.table.filter((r) => r.status !== 'succeeded').length;
  const anyOk = failed < sweep.table.length;
  const [p0, p1] = axes;
  const map = shownFigure && p1 ? figureMap(sweep, shownFigure) : null;
  const openCell = (ix: number, iy: number) => {
    const run = map?.ids[iy]?.[ix];
    if (run !== undefined) navigate(resultPath(sweep.kind, run));
  };
  const fileBase = `${record.name}-${record.id}`;
  return (
    <Card
      size="small"
      title={t('sweep.result.title', { name: record.name })}
      data-testid="sweep-result"
      extra={<ExportButtons record={record} />}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {failed > 0 && anyOk && <Alert type="warning" showIcon title={t('sweep.result.failedSome', { n: failed })} />}
        {!anyOk && <Alert type="error" showIcon title={t('sweep.result.noPoint')} />}
        {anyOk && p0 && !p1 && (
          <Row gutter={[16, 16]}>
            {names.map((n) => {
              const s = figureSeries(sweep, n);
              const y = figLabel(n);
              return (
                <Col xs={24} xl={12} key={n}>
                  <LinePlot
                    testid={`sweep-plot-${n}`}
                    title={t('sweep.result.vs', { figure: y.label, parameter: p0.label })}
                    fileName={`${fileBase}-${n}`}
                    x={p0}
                    y={y}
                    series={[{ name: y.label, x: s.x, y: s.y }]}
                    height={300}
                  />
                </Col>
              );
            })}
          </Row>
        )}
        {anyOk && p0 && p1 && map && shownFigure && (
          <>
            <Form layout="inline">
              <Form.Item label={t('sweep.result.figure')} htmlFor="sweep-figure">
                <Select
                  id="sweep-figure"
                  value={shownFigure}
                  onChange={setFigure}
                  options={names.map((n) => ({ value: n, label: figLabel(n).label }))}
                  style={{ minWidth: 220 }}
                  data-testid="sweep-figure"
                />
              </Form.Item>
            </Form>
            <HeatmapPlot
              testid="sweep-map"
              title={t('sweep.result.map', { figure: figLabel(shownFigure).label, x: p0.label, y: p1.label })}
              fileName={`${fileBase}-${shownFigure}-map`}
              x={p0}
              y={p1}
              z={figLabel(shownFigure)}
              xs={map.xs}
              ys={map.ys}
              values={map.values}
              height={380}
              spanCells
              onCellClick={openCell}
            />
            <Typography.Text type="secondary">{t('sweep.result.mapClick')}</Typography.Text>
          </>
        )}
        <Table
          size="small"
          pagination={sweep.table.length > 20 ? { pageSize: 20 } : false}
          rowKey="id"
          scroll={{ x: 'max-content' }}
          data-testid="sweep-table"
          caption={t('sweep.result.table')}
          dataSource={sweep.table}
          columns={[
            ...axes.map((a, k) => ({
              key: `p${k}`,
              title: a.full,
              align: 'right' as const,
              render: (_: unknown, r: (typeof sweep.table)[number]) => fmtNum(r.values[k]),
            })),
            ...names.map((n) => {
              const f = figLabel(n);
              const { scale } = figureInfo(n);
              return {
                key: n,
                title: f.unit ? `${f.label} (${f.unit})` : f.label,
                align: 'right' as const,
                render: (_: unknown, r: (typeof sweep.table)[number]) => {
                  const v = r.figures[n];
                  return typeof v === 'number' ? fmtNum(v * scale) : '–';
                },
              };
            }),
            {
              key: 'status',
              title: t('sweep.result.status'),
              render: (_: unknown, r: (typeof sweep.table)[number]) => (
                <Space>
                  <Tag color={STATUS_COLOR[r.status]} title={r.reason ? localWarning(r.reason, t) : undefined}>
                    {t(`results.status.${r.status}`)}
                  </Tag>
                  <Link to={resultPath(sweep.kind, r.id)} data-testid={`sweep-link-${r.id}`}>
                    {t('sweep.result.open')} #{r.id}
                  </Link>
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
