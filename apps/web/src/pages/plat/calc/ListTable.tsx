import { ReloadOutlined } from '@ant-design/icons';
import { type CalcKind, type CalcListSort, type CalcRecord, JOB_STATUSES, type JobStatus } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Dropdown,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { circuitApi, downloadCalcFile, type ListScope } from '../../../api/circuit';
import { ApiError, NetworkError } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { progressText } from '../../../live/progress-detail';
import { useLiveEvent } from '../../../live/useLive';
import { resultPath } from './CircuitProgress';

const KINDS: Record<ListScope, CalcKind[]> = { device: ['opt', 'elec', 'fit'], circuit: ['circle', 'circle2'] };
const SORTS: CalcListSort[] = ['created', 'name', 'status', 'id'];
/** Table column key -> the server's sort key. */
const COLUMN_SORT: Record<string, CalcListSort> = { id: 'id', name: 'name', status: 'status', created_at: 'created' };
const STATUS_COLOR: Record<JobStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  nonconvergent: 'warning',
  cancelled: 'default',
};
const MAX_COMPARE = 6;

/** Where "duplicate and edit" opens a calculation's input. */
export function editPath(kind: CalcKind, id: number): string {
  if (kind === 'opt') return `/plat/calc/opt?calc=${id}`;
  if (kind === 'elec') return `/plat/calc/elec/${id}`;
  return `/plat/calc/${kind}?calc=${id}`;
}

export function comparePath(ids: number[]): string {
  return `/plat/calc/compare?ids=${ids.join(',')}`;
}

const num = (s: string | null, d: number) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : d;
};

/** calc/list (optical + electrical) and calc/circleList (circuit): one table, server paging. */
export function ListTable({ scope }: { scope: ListScope }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = num(params.get('page'), 1);
  const size = Math.min(100, num(params.get('size'), 10));
  const kindParam = params.get('kind') as CalcKind | null;
  const kind = kindParam && KINDS[scope].includes(kindParam) ? kindParam : undefined;
  const statusParam = params.get('status') as JobStatus | null;
  const status = statusParam && JOB_STATUSES.includes(statusParam) ? statusParam : undefined;
  // Sorting and search run on the server over the whole list (kept in the URL like the filters).
  const sortParam = params.get('sort') as CalcListSort | null;
  const sort: CalcListSort = sortParam && SORTS.includes(sortParam) ? sortParam : 'created';
  const order: 'asc' | 'desc' = params.get('order') === 'asc' ? 'asc' : 'desc';
  const search = params.get('q') ?? '';
  const [searchText, setSearchText] = useState(search);
  const [selected, setSelected] = useState<number[]>([]);
  const [live, setLive] = useState<Record<number, { percent: number; detail?: string }>>({});
  const [busyId, setBusyId] = useState<number | undefined>(undefined);

  const key = ['calcList', scope, page, size, kind ?? '', status ?? '', sort, order, search];
  const list = useQuery({
    queryKey: key,
    queryFn: () =>
      circuitApi.list(scope, {
        page,
        size,
        sort,
        order,
        ...(kind ? { kind } : {}),
        ...(status ? { status } : {}),
        ...(search ? { search } : {}),
      }),
    placeholderData: keepPreviousData,
    // Live acts update the rows at once; this only catches what a dropped connection missed.
    refetchInterval: (q) =>
      q.state.data?.list.some((r) => r.status === 'queued' || r.status === 'running') ? 5000 : false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['calcList', scope] });

  const ours = (k: CalcKind | undefined) => k === undefined || KINDS[scope].includes(k);
  useLiveEvent('progress', (p) => {
    if (!ours(p.kind)) return;
    setLive((m) => ({ ...m, [p.jobId]: { percent: Math.round(p.percent), detail: p.detail } }));
  });
  useLiveEvent('fire', (f) => {
    if (ours(f.kind)) void refresh();
  });
  useLiveEvent('finish', (f) => {
    if (ours(f.kind)) void refresh();
  });

  const setParam = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const failMsg = (e: unknown) =>
    e instanceof ApiError ? e.message : e instanceof NetworkError ? t('common.networkError') : String(e);

  const remove = async (r: CalcRecord) => {
    setBusyId(r.id);
    try {
      await circuitApi.remove(r.id);
      message.success(t('circuit.list.deleted'));
      setSelected((s) => s.filter((x) => x !== r.id));
      // The last row of a page gone: step back a page.
      if (list.data && list.data.list.length === 1 && page > 1) setParam({ page: String(page - 1) });
      await refresh();
    } catch (e) {
      message.error(t('circuit.list.deleteFailed', { msg: failMsg(e) }));
    } finally {
      setBusyId(undefined);
    }
  };

  const rerun = async (r: CalcRecord) => {
    setBusyId(r.id);
    try {
      const detail = await circuitApi.calcData(r.id);
      const { id } = await circuitApi.rerun(r.kind, detail.input, r.name);
      message.success(t('circuit.list.rerunDone', { id }));
      await refresh();
    } catch (e) {
      message.error(t('circuit.form.failed', { msg: failMsg(e) }));
    } finally {
      setBusyId(undefined);
    }
  };

  const exportXlsx = async (r: CalcRecord) => {
    setBusyId(r.id);
    try {
      await downloadCalcFile(
        scope === 'device' ? '/sys/calc/outputData' : '/sys/calc/circleData',
        r.id,
        `pvforge-${r.kind}-${r.id}.xlsx`,
      );
    } catch (e) {
      message.error(t('circuit.list.exportFailed', { msg: failMsg(e) }));
    } finally {
      setBusyId(undefined);
    }
  };

  const statusTag = (r: CalcRecord) => {
    const l = live[r.id];
    const percent = r.status === 'running' ? Math.max(r.progress, l?.percent ?? 0) : undefined;
    const tag = (
      <Tag color={STATUS_COLOR[r.status]} data-testid={`calc-status-${r.id}`} data-status={r.status}>
        {t(`circuit.status.${r.status}`)}
        {percent !== undefined ? ` ${percent}%` : ''}
      </Tag>
    );
    const tip = r.reason
      ? t('circuit.list.failedReason', { reason: r.reason })
      : r.status === 'running'
        ? progressText(l?.detail ?? r.progress_detail ?? '', t) || undefined
        : undefined;
    return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
  };

  const sortOrderOf = (k: CalcListSort) => (sort === k ? (order === 'asc' ? 'ascend' : 'descend') : null);
  const duration = (r: CalcRecord) =>
    r.started_at && r.finished_at ? Math.max(0, r.finished_at - r.started_at) : undefined;

  const columns: ColumnsType<CalcRecord> = [
    { title: t('circuit.list.id'), dataIndex: 'id', key: 'id', width: 80, sorter: true, sortOrder: sortOrderOf('id') },
    {
      title: t('circuit.list.name'),
      dataIndex: 'name',
      key: 'name',
      ellipsis: true,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (name: string, r) =>
        r.status === 'succeeded' ? (
          <Link to={resultPath(r.kind, r.id)} data-testid={`calc-name-${r.id}`}>
            {name}
          </Link>
        ) : (
          <span data-testid={`calc-name-${r.id}`}>{name}</span>
        ),
    },
    {
      title: t('circuit.list.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 130,
      render: (k: CalcKind) => <Tag>{t(`circuit.kind.${k}`)}</Tag>,
    },
    {
      title: t('circuit.list.status'),
      dataIndex: 'status',
      key: 'status',
      width: 130,
      sorter: true,
      sortOrder: sortOrderOf('status'),
      render: (_: unknown, r) => statusTag(r),
    },
    {
      title: t('circuit.list.created'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf('created'),
      render: (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('circuit.list.duration'),
      key: 'duration',
      width: 100,
      render: (_: unknown, r) => {
        const d = duration(r);
        return d === undefined ? '—' : d < 1000 ? `${d} ms` : `${(d / 1000).toFixed(1)} s`;
      },
    },
    {
      title: t('circuit.list.actions'),
      key: 'actions',
      width: 280,
      render: (_: unknown, r) => {
        const done = r.status === 'succeeded';
        return (
          <Space size={4} wrap>
            <Button
              size="small"
              type="link"
              disabled={!done}
              onClick={() => navigate(resultPath(r.kind, r.id))}
              data-testid={`calc-open-${r.id}`}
            >
              {t('circuit.list.open')}
            </Button>
            <Button
              size="small"
              type="link"
              onClick={() => navigate(editPath(r.kind, r.id))}
              data-testid={`calc-edit-${r.id}`}
            >
              {t('circuit.list.edit')}
            </Button>
            <Popconfirm
              title={t('circuit.list.deleteTitle')}
              description={t('circuit.list.deleteConfirm', { id: r.id, name: r.name })}
              okText={t('circuit.list.ok')}
              cancelText={t('circuit.list.cancel')}
              okButtonProps={{ danger: true, ...{ 'data-testid': 'calc-delete-ok' } }}
              cancelButtonProps={{ ...{ 'data-testid': 'calc-delete-cancel' } }}
              onConfirm={() => remove(r)}
            >
              <Button size="small" type="link" danger loading={busyId === r.id} data-testid={`calc-delete-${r.id}`}>
                {t('circuit.list.delete')}
              </Button>
            </Popconfirm>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'rerun', label: <span data-testid={`calc-rerun-${r.id}`}>{t('circuit.list.rerun')}</span> },
                  {
                    key: 'export',
                    disabled: !done,
                    label: <span data-testid={`calc-export-${r.id}`}>{t('circuit.list.exportXlsx')}</span>,
                  },
                ],
                onClick: ({ key: k }) => {
                  if (k === 'rerun') void rerun(r);
                  if (k === 'export') void exportXlsx(r);
                },
              }}
            >
              <Button size="small" type="link" data-testid={`calc-more-${r.id}`}>
                {t('circuit.list.more')}
              </Button>
            </Dropdown>
          </Space>
        );
      },
    },
  ];

  const rows = list.data?.list ?? [];
  // a device fit is no J-V or EQE run: the comparison overlays simulations and circuit fits
  const selectable = useMemo(
    () => new Set(rows.filter((r) => r.status === 'succeeded' && r.kind !== 'fit').map((r) => r.id)),
    [rows],
  );
  const newPath = scope === 'device' ? '/plat/calc/opt' : '/plat/calc/circle';

  return (
    <div data-testid={`calc-list-${scope}`}>
      <PageHeader
        title={t(scope === 'device' ? 'page.calcList' : 'page.calcCircleList')}
        subtitle={t(scope === 'device' ? 'circuit.list.subtitleDevice' : 'circuit.list.subtitleCircuit')}
      />
      <Card>
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Select<string>
              aria-label={t('circuit.list.kind')}
              style={{ minWidth: 160 }}
              value={kind ?? ''}
              onChange={(v) => setParam({ kind: v || undefined, page: undefined })}
              data-testid="calc-filter-kind"
              options={[
                { value: '', label: t('circuit.list.allKinds') },
                ...KINDS[scope].map((k) => ({ value: k, label: t(`circuit.kind.${k}`) })),
              ]}
            />
            <Select<string>
              aria-label={t('circuit.list.status')}
              style={{ minWidth: 140 }}
              value={status ?? ''}
              onChange={(v) => setParam({ status: v || undefined, page: undefined })}
              data-testid="calc-filter-status"
              options={[
                { value: '', label: t('circuit.list.allStatus') },
                ...JOB_STATUSES.map((s) => ({ value: s, label: t(`circuit.status.${s}`) })),
              ]}
            />
            <Input.Search
              aria-label={t('circuit.list.search')}
              placeholder={t('circuit.list.search')}
              allowClear
              style={{ width: 220 }}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onSearch={(v) => setParam({ q: v.trim() || undefined, page: undefined })}
              data-testid="calc-search"
            />
            <Button
              icon={<ReloadOutlined />}
              loading={list.isFetching && !list.isPending}
              onClick={() => void refresh()}
              data-testid="calc-refresh"
            >
              {t('circuit.list.refresh')}
            </Button>
          </Space>
          <Tooltip title={t('circuit.list.compareHint')}>
            <Button
              type="primary"
              disabled={selected.length < 2 || selected.length > MAX_COMPARE}
              onClick={() => navigate(comparePath(selected))}
              data-testid="calc-compare"
            >
              {t('circuit.list.compare', { n: selected.length })}
            </Button>
          </Tooltip>
        </Space>
        {list.isError && (
          <Alert
            type="error"
            showIcon
            className="form-hint"
            message={t('circuit.list.loadFailed', { msg: failMsg(list.error) })}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('circuit.list.retry')}
              </Button>
            }
            data-testid="calc-list-error"
          />
        )}
        <Table<CalcRecord>
          rowKey="id"
          size="middle"
          loading={list.isPending}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 960 }}
          data-testid="calc-table"
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (r) => ({
              disabled: !selectable.has(r.id) && !selected.includes(r.id),
              'aria-label': `#${r.id}`,
            }),
            preserveSelectedRowKeys: true,
          }}
          locale={{
            emptyText: (
              <Empty description={t('circuit.list.empty')} data-testid="calc-list-empty">
                <Link to={newPath}>{t('circuit.list.emptyAction')}</Link>
              </Empty>
            ),
          }}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const colKey = String(one?.columnKey ?? '');
            const next = (COLUMN_SORT[colKey] ?? 'created') as CalcListSort;
            // A third click clears antd's order: back to the default, newest first.
            if (!one?.order) setParam({ sort: undefined, order: undefined, page: undefined });
            else
              setParam({
                sort: next === 'created' ? undefined : next,
                order: one.order === 'ascend' ? 'asc' : undefined,
                page: undefined,
              });
          }}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('circuit.list.total', { total }),
            onChange: (p, s) =>
              setParam({ page: p > 1 ? String(p) : undefined, size: s !== 10 ? String(s) : undefined }),
          }}
        />
        <Typography.Text type="secondary">{t('circuit.list.compareHint')}</Typography.Text>
      </Card>
    </div>
  );
}
