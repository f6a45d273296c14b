import { CopyOutlined } from '@ant-design/icons';
import { PVFORGE_VERSION } from '@pvforge/contracts';
import { App, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** How to cite the platform and the method papers behind each module. */
export function CitationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const citation = t('news.citeText', { version: PVFORGE_VERSION, year: new Date().getFullYear() });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(citation);
      message.success(t('common.copied'));
    } catch {
      // Clipboard access needs a secure context; the text stays selectable either way.
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('news.citeTitle')}
      width={680}
      centered
      footer={
        <Button type="primary" onClick={onClose} data-testid="citation-close">
          {t('common.ok')}
        </Button>
      }
    >
      <div data-testid="citation-dialog">
        <Typography.Paragraph>{t('news.citeIntro')}</Typography.Paragraph>
        <Typography.Title level={5}>{t('news.citePlatform')}</Typography.Title>
        <div className="citation-box">
          <span data-testid="citation-text">{citation}</span>
          <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('common.copy')}
          </Button>
        </div>
        <Typography.Title level={5}>{t('news.citeMethods')}</Typography.Title>
        <ul className="ref-list">
          <li>{t('news.citeOptics')}</li>
          <li>{t('news.citeElectrical')}</li>
          <li>{t('news.citeCircuit')}</li>
        </ul>
        <Typography.Paragraph type="secondary">{t('news.citeNote')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
