/**
 * The hysteresis index against the scan rate, from a sweep of the protocol's default scan rate
 * (the general sweep view, components/sweep/SweepResultView, loads the sweep, shows its progress
 * and hands a finished one here): one plot, HI on a log rate axis, and the table of the
 * combinations with the PCE of the reverse and forward scans and a link to each calculation.
 */
import type { CalcRecord, SweepResult } from '@pvforge/contracts';
import { Alert, Card, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import { paramLang, wordsOf } from '../../../lib/params';
import { localWarning } from './engine-warnings';
import { STATUS_COLOR } from './ResultShell';
import { resultPath } from './result-data';
import { hysteresisVsRate } from './sweep-data';

const f2 = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

export function SweepHysteresis({ record, sweep }: { record: CalcRecord; sweep: SweepResult }) {
  const { t, i18n } = useTranslation();
  // the scan rate in the registry's words, as the transient form labels it
  const rate = wordsOf('electrical.transient.rateVPerS', paramLang(i18n.language));
  const points = useMemo(() => hysteresisVsRate(sweep), [sweep]);
  const plotted = useMemo(() => (points ?? []).filter((p) => p.hi !== undefined), [points]);
  if (!points)
    return (
      <Alert
        type="info"
        showIcon
        title={t('transient.sweep.notRate', { id: record.id })}
        data-testid="sweep-not-rate"
      />
    );
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
            x={{ label: rate.label, unit: rate.unit, log: true }}
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
            { title: `${rate.label} (${rate.unit})`, align: 'right', render: (_, r) => fmtNum(r.rate) },
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
