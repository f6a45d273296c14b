/**
 * The hysteresis index against the scan rate, from a sweep of the protocol's default scan rate
 * (calc/compare?sweep=<id>): one plot, HI on a log rate axis, and the table of the combinations
 * with the PCE of the reverse and forward scans and a link to each calculation.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resultsApi } from '../../../api/results';
import { Loading } from '../../../components/Loading';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import { localWarning } from './engine-warnings';
import { errorText, STATUS_COLOR } from './ResultShell';
import { resultPath } from './result-data';
import { hysteresisVsRate, readSweep } from './sweep-data';

const f2 = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

export function SweepHysteresis({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['calcData', id],
    queryFn: () => resultsApi.calcData(id),
    retry: false,
    refetchInterval: (query) => {
      const s = query.state.data?.record.status;
      return s === 'queued' || s === 'running' ? 4000 : false;
    },
  });
  const running = q.data?.record.status === 'queued' || q.data?.record.status === 'running';
  // a running sweep's progress: how many of its calculations have ended
  const children = useQuery({
    queryKey: ['sweepChildren', id],
    queryFn: () => resultsApi.sweepChildren(id),
    enabled: running,
    refetchInterval: running ? 4000 : false,
  });
  const sweep = useMemo(() => (q.data ? readSweep(q.data.result) : null), [q.data]);
  const points = useMemo(() => (sweep ? hysteresisVsRate(sweep) : null), [sweep]);
  const plotted = useMemo(() => (points ?? []).filter((p) => p.hi !== undefined), [points]);
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
      <Card size="small" title={t('transient.sweep.running', { name: record.name })} data-testid="sweep-running">
        <Progress percent={all.length ? Math.round((100 * ended) / all.length) : 0} status="active" />
        {all.length > 0 && (
          <Typography.Text type="secondary">
            {t('transient.sweep.progress', { done: ended, n: all.length })}
          </Typography.Text>
        )}
      </Card>
    );
  }
  if (!sweep || !points)
    return <Alert type="info" showIcon title={t('transient.sweep.notRate', { id })} data-testid="sweep-not-rate" />;
  return (
    <Card size="small" title={t('transient.sweep.resultTitle', { name: record.name })} data-testid="sweep-hysteresis">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {plotted.length === 0 ? (
          <Alert type="warning" showIcon title={t('transient.sweep.noHi')} />
        ) : (
          <LinePlot
            testid="sweep-hi"
            title={t('transient.sweep.plot')}
            fileName={`${record.name}-HI-vs-rate`}
            x={{ label: t('transient.sweep.rate'), unit: 'V/s', log: true }}
            y={{ label: t('transient.result.hiShort'), unit: '' }}
            series={[{ name: 'HI', x: plotted.map((p) => p.rate), y: plotted.map((p) => p.hi!) }]}
          />
        )}
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          data-testid="sweep-table"
          dataSource={points}
          columns={[
            { title: `${t('transient.sweep.rate')} (V/s)`, align: 'right', render: (_, r) => fmtNum(r.rate) },
            { title: t('transient.result.hiShort'), align: 'right', render: (_, r) => f2(r.hi, 3) },
            { title: `${t('transient.sweep.pceReverse')} (%)`, align: 'right', render: (_, r) => f2(r.pceReverse) },
            { title: `${t('transient.sweep.pceForward')} (%)`, align: 'right', render: (_, r) => f2(r.pceForward) },
            {
              title: t('results.compare.name'),
              render: (_, r) => {
                const row = sweep.table.find((x) => x.id === r.id);
                return (
                  <Space>
                    <Tag color={STATUS_COLOR[r.status]}>{t(`results.status.${r.status}`)}</Tag>
                    {r.status === 'succeeded' ? (
                      <Link to={resultPath('elec', r.id)}>#{r.id}</Link>
                    ) : (
                      <span title={row?.reason ? localWarning(row.reason, t) : undefined}>#{r.id}</span>
                    )}
                  </Space>
                );
              },
            },
          ]}
        />
      </Space>
    </Card>
  );
}
