import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, Popconfirm, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MATERIAL_CATEGORIES, type Material, materialsApi } from '../../../api/materials';
import { PageHeader } from '../../../components/PageHeader';
import { opticalKey } from './MaterialBits';
import { MaterialDetail } from './MaterialDetail';
import { TableError, useErrorText } from './MaterialLibrary';
import { useMaterialTable } from './useMaterialTable';

/** manage/material: every public material, with edit and delete (administrator only). */
export default function ManageMaterials() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [detail, setDetail] = useState<string | null>(null);
  const filter = useMemo(() => ({ category }), [category]);
  const s = useMaterialTable(['materials', 'library'], materialsApi.findLibrary, filter);

  const remove = async (m: Material) => {
    try {
      await materialsApi.deleteLibrary(m.uuid);
      message.success(t('materials.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['materials', 'library'] });
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const columns: ColumnsType<Material> = [
    {
      title: t('materials.col.name'),
      render: (_, m) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setDetail(m.uuid)}>
          {m.name}
        </Button>
      ),
    },
    { title: t('materials.col.formula'), dataIndex: 'formula', render: (v?: string) => v || '—' },
    { title: t('materials.col.category'), dataIndex: 'category', render: (c: string) => t(`materials.category.${c}`) },
    { title: t('materials.col.optical'), render: (_, m) => t(`materials.optical.${opticalKey(m)}`) },
    {
      title: t('materials.col.updated'),
      dataIndex: 'updatedAt',
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('materials.col.actions'),
      render: (_, m) => (
        <Space size="small">
          <Button
            size="small"
            onClick={() => navigate(`/plat/manage/material/edit/${m.uuid}`)}
            data-testid={`manage-edit-${m.name}`}
          >
            {t('materials.edit')}
          </Button>
          <Popconfirm
            title={t('materials.deleteTitle', { name: m.name })}
            description={t('materials.deleteHint')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(m)}
          >
            <Button size="small" danger data-testid={`manage-delete-${m.name}`}>
              {t('materials.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('materials.manage.title')}
        subtitle={t('materials.manage.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/plat/manage/material/add')} data-testid="manage-add">
            {t('materials.add')}
          </Button>
        }
      />
      <div className="stack">
        <Space wrap>
          <Input.Search
            allowClear
            aria-label={t('materials.searchLabel')}
            placeholder={t('materials.searchPh')}
            enterButton={t('materials.search')}
            onSearch={s.setSearch}
            style={{ maxWidth: 420 }}
            data-testid="manage-search"
          />
          <Select
            allowClear
            aria-label={t('materials.manage.categoryFilter')}
            placeholder={t('materials.manage.allCategories')}
            style={{ minWidth: 180 }}
            value={category}
            onChange={(v) => setCategory(v)}
            options={MATERIAL_CATEGORIES.map((c) => ({ value: c, label: t(`materials.category.${c}`) }))}
          />
        </Space>
        {s.query.isError && <TableError error={s.query.error} onRetry={() => void s.query.refetch()} />}
        <Table<Material>
          rowKey="uuid"
          size="middle"
          scroll={{ x: 'max-content' }}
          loading={s.query.isFetching}
          dataSource={s.query.data?.list ?? []}
          columns={columns}
          pagination={{ ...s.pagination, showTotal: (total) => t('materials.total', { total }) }}
          locale={{ emptyText: <Empty description={t('materials.empty')} /> }}
          data-testid="manage-table"
        />
      </div>
      <MaterialDetail uuid={detail} onClose={() => setDetail(null)} />
    </>
  );
}
