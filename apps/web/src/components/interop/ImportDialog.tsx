import { InboxOutlined } from '@ant-design/icons';
import type { DeviceSpec } from '@pvforge/contracts';
import type { ImportReport, InteropMessage, SourceRef } from '@pvforge/interop';
import { Alert, Modal, Spin, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadInterop, sourceFiles } from './files';
import { TOOL_NAME, type WordInterop } from './ImportReport';

export interface Imported {
  device: DeviceSpec;
  report: ImportReport;
  warnings: InteropMessage[];
  word: WordInterop;
}

type Refusal = { tool?: keyof typeof TOOL_NAME; text: string; source?: SourceRef };

/**
 * Drop or pick a SCAPS .def with its .abs files, a SIMsalabim folder's files, or a .zip of either.
 * The device goes to the page only when the import succeeds; a refusal is said here, naming the
 * file and line, and the page's device stays as it was.
 */
export function ImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: (r: Imported) => void;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // antd hands over a multi-file pick one file at a time, each with the whole batch: take it once
  const batch = useRef<readonly File[] | null>(null);

  const run = async (files: readonly File[]) => {
    setBusy(files.length);
    setRefusal(null);
    try {
      const [interop, sources] = await Promise.all([loadInterop(), sourceFiles(files)]);
      const r = interop.importDeviceFiles(sources);
      const ui = i18n.language === 'en' ? 'en' : 'zh-CN';
      if (!r.ok) {
        setRefusal({
          ...(r.report ? { tool: r.report.tool } : {}),
          text: interop.wordInterop(r.error, ui),
          ...(r.error.source ? { source: r.error.source } : {}),
        });
        return;
      }
      onImported({ device: r.device, report: r.report, warnings: r.warnings, word: interop.wordInterop });
      onClose();
    } catch (e) {
      setRefusal({ text: t('interop.import.failed', { msg: e instanceof Error ? e.message : String(e) }) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={open}
      title={t('interop.import.button')}
      onCancel={() => {
        setRefusal(null);
        onClose();
      }}
      footer={null}
      width={640}
      destroyOnHidden
      data-testid="interop-import-dialog"
    >
      <Spin spinning={busy !== null} tip={busy ? t('interop.import.reading', { count: busy }) : undefined}>
        <Upload.Dragger
          multiple
          showUploadList={false}
          accept=".def,.abs,.txt,.dat,.csv,.zip"
          beforeUpload={(_file, list) => {
            if (batch.current !== list) {
              batch.current = list;
              void run(list);
            }
            return false;
          }}
          data-testid="interop-import-drop"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <Typography.Paragraph style={{ padding: '0 16px' }}>{t('interop.import.hint')}</Typography.Paragraph>
        </Upload.Dragger>
      </Spin>
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="interop-import-error"
          title={t('interop.import.refused', { tool: refusal.tool ? TOOL_NAME[refusal.tool] : 'SCAPS / SIMsalabim' })}
          description={
            <>
              {/* the words usually name the file and line already */}
              {refusal.source && !refusal.text.includes(refusal.source.file) && (
                <div data-testid="interop-import-error-at">
                  <b>{t('interop.import.refusedAt', { file: refusal.source.file, line: refusal.source.line })}</b>
                </div>
              )}
              <div>{refusal.text}</div>
              <div>{t('interop.import.untouched')}</div>
            </>
          }
        />
      )}
    </Modal>
  );
}
