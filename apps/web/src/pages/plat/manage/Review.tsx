import type { Review as ReviewItem, ReviewRun, ReviewStatus } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { libKeys, libraryApi } from '../../../api/library';
import { materialsApi } from '../../../api/materials';
import { DeviceSpecView } from '../../../components/library/DeviceSpecView';
import { DeviceReferences } from '../../../components/library/ReferenceFields';
import { PageHeader } from '../../../components/PageHeader';
import { calcLink, formatYuan, localizedDevice, reasonProblem } from '../../../lib/library';
import { MaterialDetailBody } from '../materials/MaterialDetail';
import { pceTitles } from '../results/pce-window';

const TABS: ReviewStatus[] = ['pending', 'approved', 'rejected'];

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Figures of a run as the result pages give them, with their units. */
function RunFigures({ kind, figures }: { kind: string; figures: NonNullable<ReviewRun['figures']> }) {
  const { t } = useTranslation();
  const f = (v: number | undefined, d = 2) => (v === undefined ? '-' : v.toFixed(d));
  // the window PCE (as SCAPS divides) beside the full-spectrum one, labelled as on the result page;
  // a run from before it existed shows its one PCE as before
  const withWindow = figures.pceWindowPercent !== undefined;
  const pce = pceTitles(
    t,
    figures.windowStartNm !== undefined && figures.windowEndNm !== undefined
      ? { startNm: figures.windowStartNm, endNm: figures.windowEndNm }
      : undefined,
  );
  const items =
    kind === 'elec'
      ? [
          { key: 'jsc', label: 'Jsc (mA/cm²)', children: f(figures.jscMaCm2) },
          { key: 'voc', label: 'Voc (V)', children: f(figures.vocV, 3) },
          { key: 'ff', label: 'FF (%)', children: f(figures.ff === undefined ? undefined : figures.ff * 100, 1) },
          { key: 'pce', label: withWindow ? pce.full : 'PCE (%)', children: f(figures.pcePercent) },
          ...(withWindow ? [{ key: 'pce-window', label: pce.window, children: f(figures.pceWindowPercent) }] : []),
        ]
      : [{ key: 'jph', label: t('library.review.run.jph'), children: f(figures.jscMaCm2) }];
  return <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} items={items} data-testid="review-run-figures" />;
}

/**
 * What the device gives when it runs (docs/administration.md "Reviewing a device"): the
 * submitter's run of exactly this device, or of an earlier version, or a warning that there is
 * none; the reviewer can open the device in the calculator and run it before deciding.
 */
function ReviewRunPanel({ review, kind }: { review: ReviewItem; kind: 'opt' | 'elec' }) {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: [...libKeys.reviews, 'run', review.id],
    queryFn: () => libraryApi.reviewRun(review.id),
  });
  const run = q.data?.run;
  const open = (
    <Link to={calcLink(kind, review.itemId)} target="_blank" data-testid="review-run-open">
      {t('library.review.run.open')}
    </Link>
  );
  return (
    <Card
      size="small"
      title={t('library.review.run.title')}
      extra={open}
      style={{ marginTop: 16 }}
      data-testid="review-run"
    >
      {q.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {q.isError && <Alert type="error" showIcon title={t('common.loadFailed', { msg: q.error.message })} />}
      {q.data && !run && (
        <Alert type="warning" showIcon title={t('library.review.run.none')} data-testid="review-run-none" />
      )}
      {run && (
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {t('library.review.run.which', {
              id: run.calcId,
              name: run.name,
              date: new Date(run.finishedAt ?? run.createdAt).toLocaleString(i18n.language),
            })}{' '}
            <Tag data-testid="review-run-status" data-status={run.status}>
              {t(`results.status.${run.status}`, { defaultValue: run.status })}
            </Tag>
          </Typography.Paragraph>
          {!run.sameInput && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              title={t('library.review.run.earlier')}
              data-testid="review-run-earlier"
            />
          )}
          {run.figures ? (
            <RunFigures kind={run.kind} figures={run.figures} />
          ) : (
            <Typography.Text type="secondary">{t('library.review.run.noFigures')}</Typography.Text>
          )}
        </>
      )}
    </Card>
  );
}

function Preview({ review, onClose }: { review: ReviewItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: ['review-preview', review?.itemType, review?.itemId],
    enabled: !!review,
    queryFn: async () =>
      review?.itemType === 'material'
        ? { material: await materialsApi.get(review.itemId) }
        : { device: await libraryApi.getDevice(review?.itemId ?? '') },
  });
  return (
    <Drawer
      open={!!review}
      onClose={onClose}
      size={960}
      title={t('library.review.previewTitle', { name: review?.itemName ?? '' })}
      data-testid="review-preview"
      destroyOnHidden
    >
      <div data-testid="review-preview-body">
        {review && (
          <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('library.review.colType')}>
              {t(`library.review.itemType.${review.itemType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('library.review.colOwner')}>{review.ownerName}</Descriptions.Item>
          </Descriptions>
        )}
        {review?.note && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('library.review.noteFrom', { note: review.note })}
          />
        )}
        {q.isPending && <Skeleton active />}
        {q.isError && (
          <Alert
            type="error"
            showIcon
            title={t('library.review.noPreview', { msg: q.error.message })}
            data-testid="review-preview-error"
          />
        )}
        {q.data && 'material' in q.data && q.data.material && (
          // the material as the library shows it: labelled parameters with units and sources
          <div data-testid="review-material-preview">
            <MaterialDetailBody m={q.data.material} />
          </div>
        )}
        {q.data && 'device' in q.data && q.data.device && review && (
          <>
            <Descriptions column={1} size="small" bordered styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
              <Descriptions.Item label={t('library.dev.colId')}>
                <Typography.Text code>{q.data.device.id}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('library.dev.colDesc')}>
                {localizedDevice(q.data.device, i18n.language).description || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('library.dev.colCitation')}>
                <div data-testid="review-device-references">
                  <DeviceReferences
                    references={q.data.device.references}
                    citation={localizedDevice(q.data.device, i18n.language).citation}
                  />
                </div>
              </Descriptions.Item>
              <Descriptions.Item label={t('library.refs.notes')}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{q.data.device.notes || '-'}</span>
              </Descriptions.Item>
            </Descriptions>
            <ReviewRunPanel review={review} kind={q.data.device.kind} />
            <div style={{ marginTop: 16 }}>
              <DeviceSpecView spec={q.data.device.spec} />
            </div>
          </>
        )}
      </div>
    </Drawer>
  );
}

function RejectDialog({ review, onClose }: { review: ReviewItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const onOk = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !review) return;
    setBusy(true);
    try {
      await libraryApi.reject(review.id, v.reason.trim());
      message.success(t('library.review.rejected'));
      await qc.invalidateQueries({ queryKey: libKeys.reviews });
      onClose();
    } catch (e) {
      message.error(t('library.review.failed', { msg: errText(e) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!review}
      title={t('library.review.rejectTitle', { name: review?.itemName ?? '' })}
      onOk={onOk}
      onCancel={onClose}
      okText={t('library.review.reject')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'review-reject-ok' }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="review-reject" preserve={false}>
        <Form.Item
          name="reason"
          label={t('library.review.reason')}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const p = reasonProblem(v);
                return p ? Promise.reject(new Error(t(`library.review.reason_${p}`))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="review-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Administrator: review of submitted personal materials and devices (spec §1). */
export default function Review() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [tab, setTab] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [preview, setPreview] = useState<ReviewItem | null>(null);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const list = useQuery({
    queryKey: libKeys.reviewList(tab, page, size),
    queryFn: () => libraryApi.reviewList(tab, page, size),
    placeholderData: keepPreviousData,
  });

  const approve = async (r: ReviewItem) => {
    try {
      const done = await libraryApi.approve(r.id);
      message.success(
        t('library.review.approvedMsg', {
          reward: formatYuan(done.rewardYuan ?? 0),
          name: done.itemName || r.itemName,
        }),
      );
      await qc.invalidateQueries({ queryKey: libKeys.reviews });
      await qc.invalidateQueries({ queryKey: libKeys.devices });
    } catch (e) {
      message.error(t('library.review.failed', { msg: errText(e) }));
    }
  };

  const date = (v?: number) => (v ? new Date(v).toLocaleString(i18n.language) : '-');

  return (
    <>
      <PageHeader title={t('library.page.manageReview')} subtitle={t('library.review.subtitle')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as ReviewStatus);
            setPage(1);
          }}
          items={TABS.map((s) => ({
            key: s,
            label: <span data-testid={`review-tab-${s}`}>{t(`library.review.tab.${s}`)}</span>,
          }))}
        />
        {list.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('common.loadFailed', { msg: list.error.message })}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        <Table<ReviewItem>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          data-testid="review-table"
          scroll={{ x: 900 }}
          locale={{ emptyText: t(`library.review.empty.${tab}`) }}
          onRow={(r) => ({ 'data-testid': `review-row-${r.itemId}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.total ?? 0,
            showTotal: (n) => t('library.total', { count: n }),
            onChange: (p, s) => {
              setPage(s !== size ? 1 : p);
              setSize(s);
            },
          }}
          columns={[
            {
              title: t('library.review.colItem'),
              dataIndex: 'itemName',
              render: (name: string, r) => (
                <Typography.Link onClick={() => setPreview(r)} data-testid="review-item">
                  {name}
                </Typography.Link>
              ),
            },
            {
              title: t('library.review.colType'),
              dataIndex: 'itemType',
              width: 90,
              render: (v: 'material' | 'device') => <Tag>{t(`library.review.itemType.${v}`)}</Tag>,
            },
            { title: t('library.review.colOwner'), dataIndex: 'ownerName', width: 140 },
            { title: t('library.review.colSubmitted'), dataIndex: 'createdAt', width: 170, render: date },
            ...(tab === 'pending'
              ? []
              : [{ title: t('library.review.colDecided'), dataIndex: 'decidedAt', width: 170, render: date }]),
            ...(tab === 'approved'
              ? [
                  {
                    title: t('library.review.colReward'),
                    dataIndex: 'rewardYuan',
                    width: 110,
                    align: 'right' as const,
                    render: (v?: number) => (v === undefined ? '-' : formatYuan(v)),
                  },
                ]
              : []),
            ...(tab === 'rejected'
              ? [{ title: t('library.review.colReason'), dataIndex: 'reason', render: (v?: string) => v || '-' }]
              : []),
            {
              title: t('library.review.colActions'),
              key: 'actions',
              width: tab === 'pending' ? 220 : 90,
              render: (_, r) => (
                <Space size={4}>
                  <Button size="small" onClick={() => setPreview(r)} data-testid="review-preview-open">
                    {t('library.review.preview')}
                  </Button>
                  {r.status === 'pending' && (
                    <>
                      <Popconfirm
                        title={t('library.review.approveConfirm', { name: r.itemName })}
                        okText={t('common.ok')}
                        cancelText={t('common.cancel')}
                        okButtonProps={{ 'data-testid': 'review-approve-ok' }}
                        onConfirm={() => approve(r)}
                      >
                        <Button size="small" type="primary" data-testid="review-approve">
                          {t('library.review.approve')}
                        </Button>
                      </Popconfirm>
                      <Button size="small" danger onClick={() => setRejecting(r)} data-testid="review-reject">
                        {t('library.review.reject')}
                      </Button>
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Preview review={preview} onClose={() => setPreview(null)} />
      <RejectDialog review={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
