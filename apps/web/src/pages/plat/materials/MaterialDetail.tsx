import { typicalThicknessOf } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Grid, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchNkTable, type Material, materialsApi } from '../../../api/materials';
import { lengthText } from '../../../components/device-editor/warnings';
import { paramLang } from '../../../lib/params';
import { NkPlot, opticalKey, StatusTag } from './MaterialBits';
import { MaterialDefects } from './MaterialDefects';
import { ELEC_FIELDS, elecValue, elecWords, fieldId, numberText } from './material-form';
import { nkCurves } from './nk';

export const materialKey = (uuid: string) => ['material', uuid] as const;

/** The reference text of a source key (the key itself when it names no reference). */
function sourceText(m: Material, field: string): string | undefined {
  const key = m.sources?.[field];
  if (!key) return undefined;
  const cite = m.references?.[key];
  return cite ? `[${key}] ${cite}` : key;
}

/** The numbers of a shipped n,k table, for materials whose optics name one. */
export function useShippedTable(materialId: string | undefined) {
  return useQuery({
    queryKey: ['nk-table', materialId ?? ''],
    enabled: !!materialId,
    queryFn: () => fetchNkTable(materialId ?? ''),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** One material's parameters as the library shows them (also the review preview of a submitted material). */
export function MaterialDetailBody({ m }: { m: Material }) {
  const { t, i18n } = useTranslation();
  const plang = paramLang(i18n.language);
  const shipped = useShippedTable(m.optical.kind === 'table' ? m.optical.materialId : undefined);
  const nk = nkCurves(m.optical, m.nk ?? shipped.data);
  const rows = ELEC_FIELDS.flatMap((f) => {
    const v = elecValue(m.electrical, f.key);
    return v === undefined ? [] : [{ key: f.key, f, v }];
  });
  const opticalSource = sourceText(m, 'optical');
  // the shipped library's materials: the thickness a layer of it starts with in the editor
  const typical = m.ownerId === null ? typicalThicknessOf(m.key) : undefined;
  return (
    <div className="stack" data-testid="material-detail">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('materials.col.name')}>
          <span data-testid="material-detail-name">{m.name}</span> <StatusTag material={m} />
        </Descriptions.Item>
        {m.nameZh && (
          <Descriptions.Item label={t('materials.detail.nameZh')}>
            <span data-testid="material-detail-name-zh">{m.nameZh}</span>
          </Descriptions.Item>
        )}
        {m.nameEn && <Descriptions.Item label={t('materials.detail.nameEn')}>{m.nameEn}</Descriptions.Item>}
        {m.formula && <Descriptions.Item label={t('materials.detail.formula')}>{m.formula}</Descriptions.Item>}
        <Descriptions.Item label={t('materials.detail.category')}>
          {t(`materials.category.${m.category}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('materials.detail.optical')}>
          {t(`materials.optical.${opticalKey(m)}`)}
        </Descriptions.Item>
        {opticalSource && (
          <Descriptions.Item label={t('materials.detail.opticalSource')}>{opticalSource}</Descriptions.Item>
        )}
        {typical && (
          <Descriptions.Item label={t('editor.picker.typicalLabel')}>
            <span data-testid="material-detail-typical">
              {t('editor.picker.typical', {
                typical: lengthText(typical.typicalNm),
                min: lengthText(typical.minNm),
                max: lengthText(typical.maxNm),
              })}
            </span>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('editor.picker.typicalSource', { source: typical.source[plang === 'en' ? 'en' : 'zh-CN'] })}
            </Typography.Paragraph>
          </Descriptions.Item>
        )}
      </Descriptions>
      {shipped.isFetching ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : nk ? (
        <NkPlot
          testid="material-nk-plot"
          title={t('materials.detail.nkTitle', { name: m.name })}
          fileName={`${m.key ?? m.name}-nk`}
          nk={nk}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('materials.detail.noNk', { id: m.optical.kind === 'table' ? m.optical.materialId : '' })}
        />
      )}
      <Typography.Title level={5}>{t('materials.detail.electrical')}</Typography.Title>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        data-testid="material-detail-electrical"
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('materials.detail.noElectrical')} /> }}
        columns={[
          {
            title: t('materials.detail.param'),
            render: (_, r) => elecWords(r.f.key, plang)?.label ?? t(`materials.field.${fieldId(r.f.key)}`),
          },
          { title: t('materials.detail.value'), render: (_, r) => numberText(r.v) },
          { title: t('materials.detail.unit'), render: (_, r) => elecWords(r.f.key, plang)?.unit ?? '' },
          {
            title: t('materials.detail.source'),
            render: (_, r) => sourceText(m, r.f.key) ?? t('materials.detail.none'),
          },
        ]}
      />
      <MaterialDefects m={m} source={sourceText(m, 'defects')} />
      {Object.keys(m.references ?? {}).length > 0 && (
        <>
          <Typography.Title level={5}>{t('materials.detail.references')}</Typography.Title>
          <ol>
            {Object.entries(m.references).map(([k, c]) => (
              <li key={k}>
                <Typography.Text code>{k}</Typography.Text> {c}
              </li>
            ))}
          </ol>
        </>
      )}
      <Typography.Title level={5}>{t('materials.detail.notes')}</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="material-detail-notes">
        {m.notes || t('materials.detail.none')}
      </Typography.Paragraph>
    </div>
  );
}

/** The drawer that shows one material (fetched in full: list rows omit the n,k arrays). */
export function MaterialDetail({ uuid, onClose }: { uuid: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: materialKey(uuid ?? ''),
    enabled: !!uuid,
    queryFn: () => materialsApi.get(uuid ?? ''),
  });
  return (
    <Drawer
      open={!!uuid}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={q.data?.name ?? t('materials.detail.title')}
      data-testid="material-drawer"
      closable={{ 'aria-label': t('materials.detail.close') }}
      extra={
        uuid && (
          <Button
            type="primary"
            data-testid="material-use"
            onClick={() => navigate(`/plat/calc/elec?material=${encodeURIComponent(uuid)}`)}
          >
            {t('materials.detail.useInDevice')}
          </Button>
        )
      }
    >
      {q.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
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
      {q.data && <MaterialDetailBody m={q.data} />}
    </Drawer>
  );
}
