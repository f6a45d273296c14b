import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Material, MaterialStatus } from '../../../api/materials';
import LinePlot from '../../../components/plots/LinePlot';
import type { NkData } from './material-form';

const STATUS_COLOR: Record<MaterialStatus, string> = {
  public: 'blue',
  private: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** The review state of a material; a rejected one shows its reason. */
export function StatusTag({ material }: { material: Pick<Material, 'status' | 'reason' | 'uuid'> }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={STATUS_COLOR[material.status] ?? 'default'} data-testid={`material-status-${material.uuid}`}>
      {t(`materials.status.${material.status}`)}
    </Tag>
  );
  if (material.status === 'rejected' && material.reason) {
    return (
      <Space orientation="vertical" size={2}>
        {tag}
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`material-reason-${material.uuid}`}>
          {t('materials.rejectedReason', { reason: material.reason })}
        </Typography.Text>
      </Space>
    );
  }
  return tag;
}

/** The optical model's kind as text. */
export function opticalKey(m: Pick<Material, 'optical'>): string {
  const k = m.optical?.kind;
  return k === 'table' || k === 'tabulated' || k === 'constant' || k === 'cauchy' ? k : 'other';
}

/** n (left axis) and k (right axis) against wavelength, with the shared plot features. */
export function NkPlot({
  testid,
  title,
  fileName,
  nk,
}: {
  testid: string;
  title: string;
  fileName: string;
  nk: NkData;
}) {
  const { t } = useTranslation();
  return (
    <LinePlot
      testid={testid}
      title={title}
      fileName={fileName}
      x={{ label: t('materials.detail.wavelength'), unit: 'nm' }}
      y={{ label: t('materials.detail.n'), unit: '' }}
      y2={{ label: t('materials.detail.k'), unit: '' }}
      series={[
        { name: 'n', x: nk.wavelengthNm, y: nk.n, yAxis: 0 },
        { name: 'k', x: nk.wavelengthNm, y: nk.k, yAxis: 1, dashed: true },
      ]}
      height={300}
    />
  );
}
