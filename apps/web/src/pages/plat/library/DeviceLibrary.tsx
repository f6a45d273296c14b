import { UploadOutlined } from '@ant-design/icons';
import { CHARGED_FEATURES, type DeviceListItem, type LibraryStatus } from '@pvforge/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { financeApi } from '../../../api/finance';
import { exportDevice, importDeviceFile, libKeys, libraryApi, useDeviceList } from '../../../api/library';
import {
  DeviceReferences,
  ownCitation,
  ReferenceFields,
  type ReferenceValues,
  referenceBody,
} from '../../../components/library/ReferenceFields';
import { PageHeader } from '../../../components/PageHeader';
import { calcLink, itemActions, libraryScope, localizedDevice, STATUS_COLORS } from '../../../lib/library';
import { DeviceDrawer } from './DeviceDrawer';

const STATUSES: LibraryStatus[] = ['private', 'pending', 'approved', 'rejected'];

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Edit name, description, references and notes of a personal device. Renaming, and editing an
 * approved device (which makes it private again: it no longer matches its public copy), are
 * confirmed first, so that neither happens by a slip.
 */
function EditDialog({ item, onClose }: { item: DeviceListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ name: string; description: string } & ReferenceValues>();
  const [busy, setBusy] = useState(false);
  const write = async (v: { name: string; description: string } & ReferenceValues) => {
    if (!item) return;
    setBusy(true);
    try {
      // The dialog shows the reader's language of an example's texts: only a changed name or
      // description is sent, so that editing the notes of a copy keeps both languages.
      const name = v.name.trim();
      const description = v.description?.trim() ?? '';
      await libraryApi.updateDevice({
        id: item.id,
        ...(name !== item.name ? { name } : {}),
        ...(description !== (item.description ?? '') ? { description } : {}),
        ...referenceBody(v),
      });
      message.success(t('library.dev.saved'));
      await qc.invalidateQueries({ queryKey: libKeys.devices });
      onClose();
    } catch (e) {
      message.error(t('library.dev.saveFailed', { msg: errText(e) }));
    } finally {
      setBusy(false);
    }
  };
  const onOk = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !item) return;
    const renamed = v.name.trim() !== item.name;
    if (!renamed && item.status !== 'approved') return write(v);
    modal.confirm({
      title: t('library.dev.editConfirmTitle'),
      content: (
        <>
          {renamed && <p>{t('library.dev.renameConfirm', { from: item.name, to: v.name.trim() })}</p>}
          {item.status === 'approved' && <p>{t('library.dev.approvedEditConfirm')}</p>}
        </>
      ),
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'device-edit-confirm' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'device-edit-confirm-cancel' } as ButtonProps,
      onOk: () => write(v),
    });
  };
  return (
    <Modal
      open={!!item}
      title={t('library.dev.editTitle')}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'device-edit-ok' }}
      cancelButtonProps={{ 'data-testid': 'device-edit-cancel' }}
    >
      <Form
        form={form}
        layout="vertical"
        name="device-edit"
        initialValues={{
          name: item?.name ?? '',
          description: item?.description ?? '',
          references: item?.references?.join('\n') ?? '',
          notes: item?.notes ?? '',
        }}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('library.save.name')}
          rules={[
            { required: true, whitespace: true, message: t('library.save.nameRequired') },
            { max: 100, message: t('library.save.nameMax') },
          ]}
        >
          <Input data-testid="device-edit-name" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('library.save.description')}
          rules={[{ max: 2000, message: t('library.save.descMax') }]}
        >
          <Input.TextArea data-testid="device-edit-description" rows={3} />
        </Form.Item>
        <ReferenceFields />
      </Form>
    </Modal>
  );
}

/** Submit a personal device for review into the public library. */
function SubmitDialog({ item, onClose }: { item: DeviceListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const onOk = async () => {
    if (!item) return;
    setBusy(true);
    try {
      await libraryApi.submitReview('device', item.id, note.trim() || undefined);
      message.success(t('library.dev.submitted'));
      await qc.invalidateQueries({ queryKey: libKeys.devices });
      setNote('');
      onClose();
    } catch (e) {
      message.error(t('library.dev.submitFailed', { msg: errText(e) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!item}
      title={t('library.dev.submitTitle', { name: item?.name ?? '' })}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'device-submit-ok' }}
    >
      <Alert type="info" showIcon title={t('library.dev.submitHint')} style={{ marginBottom: 12 }} />
      <label htmlFor="device-submit-note">{t('library.dev.submitNote')}</label>
      <Input.TextArea
        id="device-submit-note"
        data-testid="device-submit-note"
        rows={3}
        maxLength={500}
        showCount
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
    </Modal>
  );
}

function ImportButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const prices = useQuery({ queryKey: ['finance', 'prices'], queryFn: financeApi.prices, staleTime: 60_000 });
  const price = prices.data?.prices.find((p) => p.feature === CHARGED_FEATURES.libraryImport)?.priceYuan ?? 0;
  return (
    <Space orientation="vertical" size={2} align="end">
      <Upload
        accept=".json,application/json"
        showUploadList={false}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const d = await importDeviceFile(file as File);
            message.success(t('library.dev.imported', { name: d.name, id: d.id }));
            await qc.invalidateQueries({ queryKey: libKeys.devices });
            // A charged import changes the balance and the records.
            if (price > 0) await qc.invalidateQueries({ queryKey: libKeys.finance });
            onSuccess?.(d);
          } catch (e) {
            message.error(t('library.dev.importFailed', { msg: errText(e) }));
            onError?.(e as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="device-import">
          {t('library.dev.import')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="device-import-charged">
        {price > 0 ? t('library.dev.importHintPriced', { price: price.toFixed(2) }) : t('library.dev.importHint')}
      </Typography.Text>
    </Space>
  );
}

/**
 * The four device libraries of spec §2: public optMaterial / elecMaterial and personal
 * myOptMaterial / myElecMaterial. The route decides kind and scope.
 */
export default function DeviceLibrary() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const scope = libraryScope(location.pathname);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [open, setOpen] = useState<DeviceListItem | null>(null);
  const [editing, setEditing] = useState<DeviceListItem | null>(null);
  const [submitting, setSubmitting] = useState<DeviceListItem | null>(null);

  // The four routes share this component: start over when the route changes.
  const [route, setRoute] = useState(scope.route);
  if (route !== scope.route) {
    setRoute(scope.route);
    setSearchInput('');
    setSearch('');
    setStatus('');
    setPage(1);
  }

  const list = useDeviceList(scope.personal, scope.kind, search, scope.personal ? status : '', page, size);
  // Every view below (the table, the drawer, the dialogs) shows a device in the reader's language.
  const rows = (list.data?.list ?? []).map((d) => localizedDevice(d, i18n.language));

  const onExport = async (d: DeviceListItem) => {
    try {
      const file = await exportDevice(d.id, d.name);
      message.success(t('library.dev.exported', { file }));
    } catch (e) {
      message.error(t('library.dev.exportFailed', { msg: errText(e) }));
    }
  };
  // A copy in the caller's personal library keeps the description, references and notes (issue 29).
  const onCopy = async (d: DeviceListItem) => {
    try {
      const copy = await libraryApi.copyDevice(d.id);
      message.success(t('library.dev.copied', { name: localizedDevice(copy, i18n.language).name }));
      await qc.invalidateQueries({ queryKey: libKeys.devices });
    } catch (e) {
      message.error(t('library.dev.copyFailed', { msg: errText(e) }));
    }
  };
  const onDelete = async (d: DeviceListItem) => {
    try {
      await libraryApi.deleteDevice(d.id);
      message.success(t('library.dev.deleted'));
      await qc.invalidateQueries({ queryKey: libKeys.devices });
    } catch (e) {
      message.error(t('library.dev.deleteFailed', { msg: errText(e) }));
    }
  };

  const title = t(`page.${scope.route}`);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={scope.personal ? t('library.dev.subtitlePersonal') : t('library.dev.subtitlePublic')}
        extra={scope.personal ? <ImportButton /> : undefined}
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label={t('library.dev.search')}
            placeholder={t('library.dev.searchPh')}
            allowClear
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            style={{ width: 320 }}
            data-testid="device-search"
          />
          {scope.personal && (
            <Select
              aria-label={t('library.dev.statusFilter')}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              style={{ width: 160 }}
              data-testid="device-status-filter"
              options={[
                { value: '', label: t('library.dev.allStatus') },
                ...STATUSES.map((s) => ({ value: s, label: t(`library.status.${s}`) })),
              ]}
            />
          )}
        </Space>
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
        <Table<DeviceListItem>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={rows}
          data-testid="device-table"
          tableLayout="fixed"
          // Columns fit from about 1000 px of table up (a 1440 px screen); narrower ones scroll the table.
          scroll={{ x: 960 }}
          locale={{ emptyText: scope.personal ? t('library.dev.emptyPersonal') : t('library.dev.empty') }}
          onRow={(r) => ({ 'data-testid': `device-row-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => t('library.total', { count: n }),
            onChange: (p, s) => {
              setPage(s !== size ? 1 : p);
              setSize(s);
            },
          }}
          columns={[
            {
              // The ID is long (32 characters): it sits under the name, copyable, so that status,
              // reference, owner and date fit a 1440 px screen without scrolling.
              title: t('library.dev.colName'),
              dataIndex: 'name',
              render: (name: string, r) => (
                <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
                  <Typography.Link onClick={() => setOpen(r)} data-testid="device-name">
                    {name}
                  </Typography.Link>
                  <Typography.Text
                    type="secondary"
                    copyable={{ text: r.id, tooltips: [t('library.dev.copyId'), t('common.copied')] }}
                    data-testid="device-id"
                    data-id={r.id}
                    style={{ fontSize: 12, fontFamily: 'monospace' }}
                    title={r.id}
                  >
                    {`${r.id.slice(0, 8)}…`}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('library.dev.colDesc'),
              dataIndex: 'description',
              ellipsis: true,
              render: (v?: string) => v || '-',
            },
            {
              title: t('library.dev.colCitation'),
              key: 'references',
              width: 200,
              render: (_, r) => (
                <div data-testid="device-reference" style={{ maxWidth: 200 }}>
                  <DeviceReferences references={r.references} citation={ownCitation(r)} ellipsis />
                </div>
              ),
            },
            {
              title: t('library.dev.colOwner'),
              key: 'owner',
              width: 110,
              ellipsis: true,
              render: (_, r) => (
                <span data-testid="device-owner">
                  {r.ownerName || (r.ownerId === null ? t('library.dev.platform') : '-')}
                </span>
              ),
            },
            ...(scope.personal
              ? [
                  {
                    title: t('library.dev.colStatus'),
                    key: 'status',
                    width: 90,
                    render: (_: unknown, r: DeviceListItem) => (
                      <Tag color={STATUS_COLORS[r.status]} data-testid="device-status" data-status={r.status}>
                        {t(`library.status.${r.status}`)}
                      </Tag>
                    ),
                  },
                ]
              : []),
            {
              title: t('library.dev.colUpdated'),
              dataIndex: 'updatedAt',
              width: 150,
              render: (v: number) => (
                <span data-testid="device-updated" title={new Date(v).toLocaleString(i18n.language)}>
                  {dayjs(v).format('YYYY-MM-DD HH:mm')}
                </span>
              ),
            },
            {
              title: t('library.dev.colActions'),
              key: 'actions',
              width: scope.personal ? 230 : 200,
              render: (_, r) => {
                const can = itemActions(r.status);
                // Text buttons, not bare icons: editing must not be taken for submitting, nor
                // submitting for editing. Deleting asks first; submitting opens its own dialog.
                return (
                  <Space size={[4, 0]} wrap className="device-actions">
                    <Button size="small" type="link" onClick={() => setOpen(r)} data-testid="device-detail">
                      {t('library.dev.detailShort')}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => navigate(calcLink(r.kind, r.id))}
                      data-testid="device-open"
                    >
                      {t('library.dev.openShort')}
                    </Button>
                    <Button size="small" type="link" onClick={() => void onExport(r)} data-testid="device-export">
                      {t('library.dev.exportShort')}
                    </Button>
                    {!scope.personal && (
                      <Button size="small" type="link" onClick={() => void onCopy(r)} data-testid="device-copy">
                        {t('library.dev.copyShort')}
                      </Button>
                    )}
                    {scope.personal && can.edit && (
                      <Button size="small" type="link" onClick={() => setEditing(r)} data-testid="device-edit">
                        {t('library.dev.editShort')}
                      </Button>
                    )}
                    {scope.personal && can.submit && (
                      <Button size="small" type="link" onClick={() => setSubmitting(r)} data-testid="device-submit">
                        {t('library.dev.submit')}
                      </Button>
                    )}
                    {scope.personal && can.remove && (
                      <Popconfirm
                        title={t('library.dev.deleteConfirm', { name: r.name })}
                        okText={t('library.dev.delete')}
                        cancelText={t('common.cancel')}
                        okButtonProps={{ danger: true, 'data-testid': 'device-delete-ok' }}
                        onConfirm={() => onDelete(r)}
                      >
                        <Button size="small" type="link" danger data-testid="device-delete">
                          {t('library.dev.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                );
              },
            },
          ]}
          expandable={
            scope.personal
              ? {
                  rowExpandable: (r) => r.status === 'rejected',
                  expandedRowRender: (r) => <RejectReason id={r.id} />,
                  showExpandColumn: false,
                  expandedRowKeys: (list.data?.list ?? []).filter((r) => r.status === 'rejected').map((r) => r.id),
                }
              : undefined
          }
        />
      </Card>
      <DeviceDrawer item={open} onClose={() => setOpen(null)} />
      <EditDialog item={editing} onClose={() => setEditing(null)} />
      <SubmitDialog item={submitting} onClose={() => setSubmitting(null)} />
    </>
  );
}

/** The reason the administrator gave for rejecting this device (from the caller's reviews). */
function RejectReason({ id }: { id: string }) {
  const { t } = useTranslation();
  const reviews = useMyReviews();
  const review = reviews.data?.list.find((r) => r.itemType === 'device' && r.itemId === id && r.status === 'rejected');
  if (!review?.reason) return null;
  return (
    <Typography.Text type="danger" data-testid="device-reject-reason">
      {t('library.dev.rejectedReason', { reason: review.reason })}
    </Typography.Text>
  );
}

function useMyReviews() {
  return useQuery({
    queryKey: [...libKeys.reviews, 'mine'],
    queryFn: () => libraryApi.myReviews(1, 100),
    staleTime: 10_000,
  });
}
