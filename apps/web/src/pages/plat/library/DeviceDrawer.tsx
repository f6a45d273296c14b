import type { DeviceListItem } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { libKeys, libraryApi } from '../../../api/library';
import { DeviceSpecView } from '../../../components/library/DeviceSpecView';
import { DeviceReferences, ownCitation } from '../../../components/library/ReferenceFields';
import { localizedDevice, STATUS_COLORS } from '../../../lib/library';

/** Details of one device: its ID, description, references (DOIs linked), notes and layer stack. */
export function DeviceDrawer({ item, onClose }: { item: DeviceListItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: libKeys.device(item?.id ?? ''),
    queryFn: () => libraryApi.getDevice(item?.id ?? ''),
    enabled: !!item,
  });
  // The list row knows the owner's name; the full entry adds the DeviceSpec. Both in the reader's language.
  const d = item
    ? localizedDevice({ ...item, ...(q.data ?? {}), ownerName: q.data?.ownerName || item.ownerName }, i18n.language)
    : null;
  return (
    <Drawer
      open={!!item}
      onClose={onClose}
      title={t('library.dev.drawerTitle')}
      size={860}
      destroyOnHidden
      data-testid="device-drawer"
    >
      {d && (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={t('library.dev.colName')}>
            <span data-testid="device-drawer-name">{d.name}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('library.dev.colId')}>
            <Typography.Text code copyable={{ text: d.id }} data-testid="device-drawer-id">
              {d.id}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('library.dev.kindLabel')}>{t(`library.kind.${d.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('library.dev.colStatus')}>
            <Tag color={STATUS_COLORS[d.status]}>{t(`library.status.${d.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('library.dev.colOwner')}>
            {d.ownerName || (d.ownerId === null ? t('library.dev.platform') : '-')}
          </Descriptions.Item>
          <Descriptions.Item label={t('library.dev.colDesc')}>
            <Typography.Paragraph className="pre-wrap" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {d.description || t('library.dev.none')}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('library.dev.colCitation')}>
            <div data-testid="device-drawer-citation">
              <DeviceReferences references={d.references} citation={ownCitation(d)} empty={t('library.dev.none')} />
              {/* A device with DOIs and a free-text source (a seeded one edited later) shows both. */}
              {d.references?.length && ownCitation(d) ? (
                <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{ownCitation(d)}</div>
              ) : null}
            </div>
          </Descriptions.Item>
          <Descriptions.Item label={t('library.refs.notes')}>
            <Typography.Paragraph data-testid="device-drawer-notes" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {d.notes || t('library.dev.none')}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('library.dev.colUpdated')}>
            {new Date(d.updatedAt).toLocaleString(i18n.language)}
          </Descriptions.Item>
        </Descriptions>
      )}
      <div style={{ marginTop: 16 }} />
      {q.isPending && <Skeleton active />}
      {q.isError && <Alert type="error" showIcon title={t('common.loadFailed', { msg: q.error.message })} />}
      {q.data && <DeviceSpecView spec={q.data.spec} />}
    </Drawer>
  );
}
