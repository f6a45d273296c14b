import { DownloadOutlined } from '@ant-design/icons';
import type { DeviceSpec } from '@pvforge/contracts';
import { computedKRads, type ElectricalDeviceSpecLike } from '@pvforge/engine/spec-check';
import type { ExportOutcome } from '@pvforge/interop';
import { Alert, App, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataBaseUrl } from '../../api/editor';
import { loadDeviceAssets } from '../device-editor/preview/browser-assets';
import { safeFileName, saveBlob } from '../plots/download';
import { exportBlob, loadInterop } from './files';
import { ReportTable, TOOL_NAME, type WordInterop } from './ImportReport';

type Tool = 'scaps' | 'simsalabim';

/**
 * The k_rad a run computes for each layer that takes it from its absorption, which the tools take
 * as a fixed value; the layers' library tables are fetched first (the preview's data source).
 */
async function kRadsForExport(spec: DeviceSpec): Promise<Record<number, number>> {
  if (!spec.layers.some((l) => l.electrical?.kRadFrom === 'absorption')) return {};
  const device = spec as unknown as ElectricalDeviceSpecLike;
  return computedKRads(device, await loadDeviceAssets(device, dataBaseUrl()));
}

/**
 * "Download as SCAPS .def" and "Download as SIMsalabim files": the export is made when asked, and
 * what the tool cannot express is listed before anything is downloaded.
 */
export function ToolExportButtons({
  spec,
  testPrefix = 'interop-export',
}: {
  spec: DeviceSpec | undefined;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<Tool | null>(null);
  const [shown, setShown] = useState<{ outcome: ExportOutcome; word: WordInterop; zipName: string } | null>(null);

  const prepare = async (tool: Tool) => {
    if (!spec) {
      message.error(t('interop.export.noDevice'));
      return;
    }
    setBusy(tool);
    try {
      const interop = await loadInterop();
      const kRadFromAbsorption = await kRadsForExport(spec);
      const outcome =
        tool === 'scaps'
          ? interop.exportScaps(spec, { kRadFromAbsorption })
          : interop.exportSimsalabim(spec, { kRadFromAbsorption });
      setShown({ outcome, word: interop.wordInterop, zipName: `${safeFileName(spec.name || 'device')}-${tool}` });
    } catch (e) {
      message.error(t('interop.export.failed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    if (!shown) return;
    const { name, blob } = await exportBlob(shown.outcome.files, shown.zipName);
    saveBlob(blob, name);
    message.success(t('interop.export.downloaded', { name }));
    setShown(null);
  };

  const tool = shown ? TOOL_NAME[shown.outcome.tool] : '';
  const files = shown?.outcome.files ?? [];
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'scaps'}
        onClick={() => void prepare('scaps')}
        data-testid={`${testPrefix}-scaps`}
      >
        {t('interop.export.scaps')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'simsalabim'}
        onClick={() => void prepare('simsalabim')}
        data-testid={`${testPrefix}-simsalabim`}
      >
        {t('interop.export.simsalabim')}
      </Button>
      <Modal
        open={shown !== null}
        title={t('interop.export.title', { tool })}
        onCancel={() => setShown(null)}
        width={900}
        destroyOnHidden
        data-testid={`${testPrefix}-dialog`}
        footer={
          <Space>
            <Button onClick={() => setShown(null)}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={files.length === 0}
              onClick={() => void download()}
              data-testid={`${testPrefix}-download`}
            >
              {t('interop.export.download')}
            </Button>
          </Space>
        }
      >
        {shown && (
          <Space orientation="vertical" size="small" style={{ width: '100%' }}>
            {files.length > 0 && (
              <Typography.Text data-testid={`${testPrefix}-files`}>
                {t('interop.export.files', { files: files.map((f) => f.name).join(', ') })}
                {files.length > 1 ? ` ${t('interop.export.zipped', { name: `${shown.zipName}.zip` })}` : ''}
              </Typography.Text>
            )}
            {shown.outcome.items.length === 0 ? (
              <Alert type="success" showIcon title={t('interop.export.allFits', { tool })} />
            ) : (
              <>
                <Alert
                  type={files.length ? 'warning' : 'error'}
                  showIcon
                  data-testid={`${testPrefix}-cannot`}
                  title={
                    files.length
                      ? t('interop.export.cannot', { tool, count: shown.outcome.items.length })
                      : t('interop.export.none', { tool })
                  }
                />
                <ReportTable
                  items={shown.outcome.items}
                  word={shown.word}
                  layerNames={(spec?.layers ?? []).map((l) => l.name)}
                  testid={`${testPrefix}-items`}
                  mode="export"
                />
              </>
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
