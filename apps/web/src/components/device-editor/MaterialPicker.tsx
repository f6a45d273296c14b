import { typicalThicknessOf } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, List, Modal, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editorApi } from '../../api/editor';
import { type MaterialLike, type NkIndexEntry, nkEntryToMaterial } from './materials';
import { useNkIndex } from './OpticalEditor';
import { lengthText } from './warnings';

type Source = 'library' | 'personal' | 'nk';

function useMaterials(source: Source, search: string, open: boolean) {
  return useQuery({
    queryKey: ['editor', 'materials', source, search],
    enabled: open && source !== 'nk',
    retry: false,
    queryFn: () =>
      source === 'library'
        ? editorApi.findMaterialLibrary({ search: search || undefined, size: 50 })
        : editorApi.findMaterialPersonal({ search: search || undefined, size: 50 }),
  });
}

/**
 * Search order a user expects: an exact name or formula first, then names that start with the
 * query, then the rest (the server's order kept within each group). "MAPbI3" must not list
 * CsSnI3 before MAPbI3.
 */
export function rankMaterials<M extends { name: string; nameEn?: string | undefined; formula?: string | undefined }>(
  list: readonly M[],
  query: string,
): M[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  const rank = (m: M) => {
    const names = [m.name, m.nameEn ?? '', m.formula ?? ''].map((x) => x.toLowerCase());
    if (names.includes(q)) return 0;
    if (names.some((x) => x.startsWith(q))) return 1;
    if (names.some((x) => x.includes(q))) return 2;
    return 3;
  };
  return list
    .map((m, i) => ({ m, i, r: rank(m) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.m);
}

/**
 * The shipped n,k tables of layers that generate nothing and are no library material (glass
 * substrates, anti-reflection and passivation films): offered in the library tab beside the
 * library, named in both languages so either finds them ("glass", "玻璃").
 */
const PASSIVE_CATEGORIES = ['substrate', 'dielectric'];

export function passiveMaterials(
  index: readonly NkIndexEntry[],
  tZh: TFunction,
  tEn: TFunction,
  query: string,
  en: boolean,
): MaterialLike[] {
  const q = query.trim().toLowerCase();
  return index
    .filter((e) => PASSIVE_CATEGORIES.includes(e.category))
    .flatMap((e) => {
      const zhName = tZh(`editor.picker.passive.${e.id}`, { defaultValue: e.name });
      const enName = tEn(`editor.picker.passive.${e.id}`, { defaultValue: e.name });
      if (q && ![zhName, enName].some((x) => x.toLowerCase().includes(q))) return [];
      // the layer it makes is named in the user's language
      return [{ ...nkEntryToMaterial(e), name: en ? enName : zhName, nameEn: enName }];
    });
}

/** A tabulated model listed without its arrays (list rows omit them): fetch the whole material. */
async function complete(m: MaterialLike): Promise<MaterialLike> {
  const o = m.optical as { kind?: string; wavelengthNm?: unknown } | undefined;
  if (o?.kind === 'tabulated' && !Array.isArray(o.wavelengthNm)) return editorApi.getMaterial(m.uuid);
  return m;
}

/**
 * Chooses a material for a layer: the public material library, the user's personal materials
 * (docs/api/library.md), or the shipped n,k tables (optics only, always available).
 */
export function MaterialPicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (m: MaterialLike) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [source, setSource] = useState<Source>('library');
  const [search, setSearch] = useState('');
  const lib = useMaterials(source, search.trim(), open);
  const nk = useNkIndex();
  const q = search.trim().toLowerCase();
  const nkList = (nk.data ?? [])
    .filter((e) => !q || e.name.toLowerCase().includes(q) || e.id.includes(q))
    .map(nkEntryToMaterial);
  const en = i18n.language.startsWith('en');
  const libList = lib.data?.list ?? [];
  // a table the library already offers as a material (SiNx, Al2O3) is listed once, as that material
  const passive =
    source === 'library'
      ? passiveMaterials(nk.data ?? [], i18n.getFixedT('zh-CN'), i18n.getFixedT('en'), q, en).filter(
          (p) => !libList.some((m) => m.key === p.key),
        )
      : [];
  const list = rankMaterials(source === 'nk' ? nkList : [...libList, ...passive], q);
  const loading = source === 'nk' ? nk.isLoading : lib.isLoading;
  const failed = source !== 'nk' && lib.isError;

  const pick = async (m: MaterialLike) => {
    try {
      onPick(await complete(m));
      onClose();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('editor.picker.title')} width={720} destroyOnHidden>
      <Tabs
        activeKey={source}
        onChange={(k) => setSource(k as Source)}
        items={[
          { key: 'library', label: t('editor.picker.library') },
          { key: 'personal', label: t('editor.picker.personal') },
          { key: 'nk', label: t('editor.picker.nk') },
        ]}
      />
      <Input.Search
        aria-label={t('editor.picker.search')}
        placeholder={t('editor.picker.search')}
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="picker-search"
        style={{ marginBottom: 12 }}
      />
      {failed && (
        <Alert
          type="info"
          showIcon
          title={t('editor.picker.unavailable')}
          action={
            <Button size="small" onClick={() => setSource('nk')}>
              {t('editor.picker.nk')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <List<MaterialLike>
        loading={loading}
        dataSource={list}
        // uuids are unique across the library and the shipped tables (keys are not: a stale row stayed)
        rowKey={(m) => m.uuid}
        data-testid="picker-list"
        style={{ maxHeight: 420, overflow: 'auto' }}
        locale={{ emptyText: <Empty description={t('editor.picker.empty')} /> }}
        renderItem={(m) => (
          <List.Item
            actions={[
              <Button
                key="use"
                type="primary"
                size="small"
                onClick={() => void pick(m)}
                data-testid={`pick-${m.key ?? m.uuid}`}
              >
                {t('editor.picker.use')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  {/* the full name in the reader's language beside the short one, as the material library shows it */}
                  {en && m.nameEn ? m.nameEn : m.nameZh && m.nameZh !== m.name ? `${m.name}（${m.nameZh}）` : m.name}{' '}
                  {m.formula ? <Typography.Text type="secondary">{m.formula}</Typography.Text> : null}
                </span>
              }
              description={
                <span>
                  <Tag>{categoryWords(m.category, t)}</Tag>
                  <Tag color="blue">{t('editor.picker.optical')}</Tag>
                  {m.electrical && Object.keys(m.electrical).length > 0 ? (
                    <Tag color="green">{t('editor.picker.electrical')}</Tag>
                  ) : null}
                  <TypicalThickness materialKey={m.key} />
                </span>
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}

/** A category in words: the library's eight, the shipped tables' substrates and films. */
function categoryWords(category: string, t: TFunction): string {
  if (category === 'substrate') return t('editor.picker.substrate');
  if (category === 'dielectric') return t('editor.picker.coating');
  return t(`materials.category.${category}`, { defaultValue: t('editor.picker.otherCategory') });
}

/** The thickness a layer of the material starts with, its usual range and, on hover, where that comes from. */
function TypicalThickness({ materialKey }: { materialKey: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  const typical = typicalThicknessOf(materialKey);
  if (!typical) return null;
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh-CN';
  return (
    <Tooltip title={t('editor.picker.typicalSource', { source: typical.source[lang] })}>
      <Typography.Text type="secondary" data-testid={`typical-${materialKey}`}>
        {t('editor.picker.typical', {
          typical: lengthText(typical.typicalNm),
          min: lengthText(typical.minNm),
          max: lengthText(typical.maxNm),
        })}
      </Typography.Text>
    </Tooltip>
  );
}
