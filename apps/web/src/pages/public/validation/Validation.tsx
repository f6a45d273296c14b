import type { ValidationCaseReport } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/endpoints';
import { Loading } from '../../../components/Loading';
import { PublicPage } from '../../../components/PublicPage';
import { useLang } from '../../../lib/useLang';
import { casePlotProps } from './case-plot';
import { deviationText, toleranceText } from './format';

const LinePlot = lazy(() => import('../../../components/plots/LinePlot'));

/** While the server computes, ask again this often. */
const POLL_MS = 1000;

function CasePlot({ c }: { c: ValidationCaseReport }) {
  const { t } = useTranslation();
  const props = useMemo(() => casePlotProps(c, t), [c, t]);
  if (!props) return null;
  return (
    <Suspense fallback={<Loading />}>
      <LinePlot testid={`validation-plot-${c.id}`} {...props} />
    </Suspense>
  );
}

/**
 * The public validation page: every public benchmark case run by the engine that serves the site
 * (GET /calc/sys/validation/report), with its reference, tolerance, deviation and result, and an
 * overlay plot of engine against reference when a row is opened.
 */
export default function Validation() {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useQuery({
    queryKey: ['validation-report'],
    queryFn: api.validationReport,
    refetchInterval: (query) => (query.state.data?.state === 'computing' ? POLL_MS : false),
  });
  const data = q.data;
  const columns: ColumnsType<ValidationCaseReport> = [
    {
      title: t('validation.colCase'),
      dataIndex: 'id',
      render: (id: string, c) => (
        <Space direction="vertical" size={0}>
          <Typography.Text code>{id}</Typography.Text>
          {lang === 'en' && c.description && (
            <Typography.Text type="secondary" className="validation-desc">
              {c.description}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('validation.colKind'),
      dataIndex: 'kind',
      render: (k: string) => t(`validation.kind.${k}`, { defaultValue: t('validation.kind.other') }),
    },
    {
      title: t('validation.colSource'),
      dataIndex: 'source',
      render: (s: string) => t(`validation.source.${s}`),
    },
    {
      title: t('validation.colTolerance'),
      dataIndex: 'tolerance',
      render: (tol: ValidationCaseReport['tolerance']) => (
        <ul className="validation-tolerance">
          {tol.map((e) => (
            <li key={e.key}>{toleranceText(e.key, e.value, t)}</li>
          ))}
        </ul>
      ),
    },
    {
      title: t('validation.colDeviation'),
      dataIndex: 'worstRatio',
      render: (r: number | null) => (
        <span data-testid="validation-deviation">{r === null ? t('validation.noDeviation') : deviationText(r)}</span>
      ),
    },
    {
      title: t('validation.colResult'),
      dataIndex: 'pass',
      render: (pass: boolean, c) => (
        <Space direction="vertical" size={0}>
          <Tag color={pass ? 'success' : 'error'} data-testid="validation-result">
            {pass ? t('validation.pass') : t('validation.fail')}
          </Tag>
          {c.error && <Typography.Text type="danger">{t('validation.errorNote')}</Typography.Text>}
        </Space>
      ),
    },
  ];
  return (
    <PublicPage title={t('validation.title')} subtitle={t('validation.subtitle')}>
      <Typography.Paragraph className="lead">{t('validation.intro')}</Typography.Paragraph>
      {q.isPending && <Loading />}
      {q.isError && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed', { msg: q.error.message })}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {data?.state === 'computing' && (
        <div data-testid="validation-computing">
          <Typography.Paragraph>
            {t('validation.computing', { done: data.done, total: data.total })}
          </Typography.Paragraph>
          <Progress percent={data.total ? Math.round((100 * data.done) / data.total) : 0} />
        </div>
      )}
      {data?.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="validation-failed"
          title={t('validation.failed')}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              {t('validation.retry')}
            </Button>
          }
        />
      )}
      {data?.state === 'ready' && (
        <>
          <Typography.Paragraph data-testid="validation-summary">
            {t('validation.summary', {
              version: data.report.engineVersion,
              time: dayjs(data.report.generatedAt).format('YYYY-MM-DD HH:mm'),
              passed: data.report.passed,
              failed: data.report.failed,
            })}
          </Typography.Paragraph>
          <Table<ValidationCaseReport>
            data-testid="validation-table"
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            columns={columns}
            dataSource={data.report.cases}
            onRow={(c) => ({ 'data-testid': `validation-case-${c.id}` }) as React.HTMLAttributes<HTMLElement>}
            expandable={{ expandedRowRender: (c) => <CasePlot c={c} />, rowExpandable: (c) => !!c.plot }}
          />
        </>
      )}
    </PublicPage>
  );
}
