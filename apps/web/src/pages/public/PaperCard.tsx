import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Written beside the PDF by `npm run build` (apps/server/src/paper-main.ts). */
interface PaperMeta {
  version: string;
  engineVersion: string;
  date: string;
  passed: number;
  failed: number;
}

export const PAPER_URL = '/downloads/pvforge-platform-paper.pdf';
const META_URL = '/downloads/pvforge-platform-paper.json';

async function fetchMeta(): Promise<PaperMeta | null> {
  const res = await fetch(META_URL, { headers: { Accept: 'application/json' } });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return null;
  return (await res.json()) as PaperMeta;
}

/** The platform paper on /help: what it holds, its version and date, the download. */
export function PaperCard() {
  const { t } = useTranslation();
  const meta = useQuery({ queryKey: ['paper-meta'], queryFn: fetchMeta, staleTime: 60 * 60_000 });
  const m = meta.data;
  return (
    <Card className="download-card" data-testid="paper-card">
      <div className="download-head">
        <FileTextOutlined className="download-icon" />
        <div className="download-title">
          <Typography.Title level={5}>{t('help.paper')}</Typography.Title>
          <Typography.Text type="secondary">{t('help.paperDesc')}</Typography.Text>
        </div>
        {m && (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={PAPER_URL}
            download="pvforge-platform-paper.pdf"
            data-testid="download-paper"
          >
            {t('common.download')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="paper-version">
        {m
          ? t('help.paperVersion', { version: m.version, date: m.date, passed: m.passed, total: m.passed + m.failed })
          : meta.isPending
            ? ''
            : t('help.paperMissing')}
      </Typography.Paragraph>
    </Card>
  );
}
