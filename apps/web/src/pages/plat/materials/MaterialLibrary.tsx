import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Modal, Popconfirm, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError, NetworkError } from '../../../api/client';
import { type Material, type MaterialInput, materialsApi } from '../../../api/materials';
import { PageHeader } from '../../../components/PageHeader';
import { paramLang, wordsOf } from '../../../lib/params';
import { opticalKey, StatusTag } from './MaterialBits';
import { MaterialDetail } from './MaterialDetail';
import { MaterialForm } from './MaterialForm';
import { elecValue, libraryFilter, numberText } from './material-form';
import { useMaterialTable } from './useMaterialTable';

export function useErrorText() {
  const { t } = useTranslation();
  return (e: unknown) =>
    e instanceof NetworkError
      ? t('common.networkError')
      : t('materials.failed', { msg: e instanceof Error ? e.message : String(e) });
}

/** Error, retry and empty states shared by the material tables. */
export function TableError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('common.loadFailed', { msg: error.message })}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

function SearchBox({ onSearch, testid }: { onSearch: (s: string) => void; testid: string }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      aria-label={t('materials.searchLabel')}
      placeholder={t('materials.searchPh')}
      enterButton={t('materials.search')}
      onSearch={onSearch}
      style={{ maxWidth: 420 }}
      data-testid={testid}
    />
  );
}

/** '带隙 Eg (eV)': the library column of a material's band gap. */
/** A material's full name in the reader's language (the English one where there is no Chinese), unless it is its short name. */
function fullName(m: Pick<Material, 'name' | 'nameEn' | 'nameZh'>, lang: string): string | undefined {
  const full = lang.startsWith('en') ? m.nameEn : (m.nameZh ?? m.nameEn);
  return full && full !== m.name ? full : undefined;
}

function gapTitle(lang: string): string {
  const w = wordsOf('layers[].electrical.egEV', paramLang(lang));
  return `${w.label} (${w.unit})`;
}

type Editing = { mode: 'add' } | { mode: 'edit'; material: Material } | null;

/** One library page: the public materials of the category and the user's own (tab "my materials"). */
export default function MaterialLibrary() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const sub = location.pathname.replace(/\/+$/, '').split('/').pop() ?? 'organic';
  const filter = useMemo(() => libraryFilter(sub, params.get('key')), [sub, params]);
  const tab = params.get('tab') === 'mine' ? 'mine' : 'library';
  const [detail, setDetail] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [submitNote, setSubmitNote] = useState('');

  const pub = useMaterialTable(['materials', 'library'], materialsApi.findLibrary, { category: filter.category });
  const mine = useMaterialTable(
    ['materials', 'mine'],
    materialsApi.findPersonal,
    { category: filter.category },
    tab === 'mine',
  );
  // The reason of a rejected material comes with its review (/sys/review/mine).
  const reviews = useQuery({
    queryKey: ['materials', 'mine', 'reviews'],
    queryFn: () => materialsApi.myReviews(1, 100),
    enabled: tab === 'mine',
  });
  const reasons = useMemo(() => {
    const out = new Map<string, { at: number; reason?: string }>();
    for (const r of reviews.data?.list ?? []) {
      if (r.itemType !== 'material') continue;
      const seen = out.get(r.itemId);
      if (!seen || r.createdAt > seen.at) out.set(r.itemId, { at: r.createdAt, reason: r.reason });
    }
    return out;
  }, [reviews.data]);
  const refreshMine = () => queryClient.invalidateQueries({ queryKey: ['materials', 'mine'] });

  const setTab = (k: string) => {
    const next = new URLSearchParams(params);
    if (k === 'mine') next.set('tab', 'mine');
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  const openEdit = async (m: Material) => {
    try {
      // List rows omit the n,k arrays; edit the full record.
      setEditing({ mode: 'edit', material: await materialsApi.get(m.uuid) });
    } catch (e) {
      message.error(errorText(e));
    }
  };

  /** Errors are shown by the form (on their fields). */
  const save = async (input: MaterialInput) => {
    if (editing?.mode === 'edit') {
      await materialsApi.updatePersonal(editing.material.uuid, input);
      await queryClient.invalidateQueries({ queryKey: ['material', editing.material.uuid] });
    } else {
      await materialsApi.addPersonal(input);
    }
    message.success(t('materials.saved'));
    setEditing(null);
    await refreshMine();
  };

  const remove = async (m: Material) => {
    try {
      await materialsApi.deletePersonal(m.uuid);
      message.success(t('materials.deleted'));
      await refreshMine();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const submit = async (m: Material) => {
    try {
      await materialsApi.submitReview(m.uuid, submitNote.trim() || undefined);
      message.success(t('materials.submitted'));
      setSubmitNote('');
      await refreshMine();
    } catch (e) {
      message.error(e instanceof ApiError ? t('materials.failed', { msg: e.message }) : errorText(e));
    }
  };

  const nameCol = {
    title: t('materials.col.name'),
    dataIndex: 'name',
    render: (_: unknown, m: Material) => (
      <Button
        type="link"
        style={{ padding: 0 }}
        onClick={() => setDetail(m.uuid)}
        data-testid={`material-open-${m.name}`}
      >
        {m.name}
        {fullName(m, i18n.language) ? ` (${fullName(m, i18n.language)})` : ''}
      </Button>
    ),
  };
  const common: ColumnsType<Material> = [
    nameCol,
    { title: t('materials.col.formula'), dataIndex: 'formula', render: (v?: string) => v || '—' },
    { title: t('materials.col.category'), dataIndex: 'category', render: (c: string) => t(`materials.category.${c}`) },
    { title: t('materials.col.optical'), render: (_, m) => t(`materials.optical.${opticalKey(m)}`) },
    // the gap column is titled by the registry's words of the field, with its unit
    { title: gapTitle(i18n.language), render: (_, m) => numberText(elecValue(m.electrical, 'egEV')) || '—' },
  ];

  const libraryColumns: ColumnsType<Material> = [
    ...common,
    {
      title: t('materials.col.actions'),
      render: (_, m) => (
        <Button size="small" onClick={() => setDetail(m.uuid)}>
          {t('materials.view')}
        </Button>
      ),
    },
  ];

  const mineColumns: ColumnsType<Material> = [
    ...common.slice(0, 3),
    { title: t('materials.col.status'), render: (_, m) => <StatusTag material={m} /> },
    {
      title: t('materials.col.updated'),
      dataIndex: 'updatedAt',
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('materials.col.actions'),
      render: (_, m) => (
        <Space wrap size="small">
          <Button size="small" onClick={() => setDetail(m.uuid)}>
            {t('materials.view')}
          </Button>
          {m.status !== 'pending' && (
            <Button size="small" onClick={() => void openEdit(m)} data-testid={`material-edit-${m.name}`}>
              {t('materials.edit')}
            </Button>
          )}
          {(m.status === 'private' || m.status === 'rejected') && (
            <Popconfirm
              title={t('materials.submitTitle', { name: m.name })}
              description={
                <Input
                  aria-label={t('materials.submitNote')}
                  placeholder={t('materials.submitNote')}
                  maxLength={500}
                  value={submitNote}
                  onChange={(e) => setSubmitNote(e.target.value)}
                />
              }
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              okButtonProps={{ ...({ 'data-testid': 'material-submit-ok' } as object) }}
              onConfirm={() => submit(m)}
            >
              <Button size="small" data-testid={`material-submit-${m.name}`}>
                {t('materials.submitReview')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('materials.deleteTitle', { name: m.name })}
            description={t('materials.deleteHint')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, ...({ 'data-testid': 'material-delete-ok' } as object) }}
            onConfirm={() => remove(m)}
          >
            <Button size="small" danger data-testid={`material-delete-${m.name}`}>
              {t('materials.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const table = (kind: 'library' | 'mine') => {
    const s = kind === 'library' ? pub : mine;
    return (
      <div className="stack">
        <Space wrap>
          <SearchBox onSearch={s.setSearch} testid={`material-search-${kind}`} />
          {kind === 'mine' && (
            <Button type="primary" onClick={() => setEditing({ mode: 'add' })} data-testid="material-add-personal">
              {t('materials.addPersonal')}
            </Button>
          )}
        </Space>
        {s.query.isError && <TableError error={s.query.error} onRetry={() => void s.query.refetch()} />}
        <Table<Material>
          rowKey="uuid"
          size="middle"
          scroll={{ x: 'max-content' }}
          loading={s.query.isFetching}
          dataSource={
            kind === 'library'
              ? (s.query.data?.list ?? [])
              : (s.query.data?.list ?? []).map((m) =>
                  m.status === 'rejected' ? { ...m, reason: m.reason ?? reasons.get(m.uuid)?.reason } : m,
                )
          }
          columns={kind === 'library' ? libraryColumns : mineColumns}
          pagination={{ ...s.pagination, showTotal: (total) => t('materials.total', { total }) }}
          locale={{
            emptyText: <Empty description={t(kind === 'library' ? 'materials.empty' : 'materials.emptyMine')} />,
          }}
          data-testid={`material-table-${kind}`}
        />
      </div>
    );
  };

  return (
    <>
      <PageHeader
        title={t(`page.material.${sub}`)}
        subtitle={filter.categories.map((c) => t(`materials.category.${c}`)).join(' · ')}
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'library',
            label: <span data-testid="material-tab-library">{t('materials.tabs.library')}</span>,
            children: table('library'),
          },
          {
            key: 'mine',
            label: <span data-testid="material-tab-mine">{t('materials.tabs.mine')}</span>,
            children: table('mine'),
          },
        ]}
      />
      <MaterialDetail uuid={detail} onClose={() => setDetail(null)} />
      <Modal
        open={!!editing}
        title={editing?.mode === 'edit' ? t('materials.edit') : t('materials.addPersonal')}
        footer={null}
        width={1000}
        destroyOnHidden
        onCancel={() => setEditing(null)}
        data-testid="material-form-modal"
      >
        {editing && (
          <MaterialForm
            initial={editing.mode === 'edit' ? editing.material : undefined}
            defaultCategory={filter.categories[0]}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}
