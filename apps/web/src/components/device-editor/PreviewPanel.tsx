import { localizeCheckMessage } from '@pvforge/contracts';
import { Alert, Spin, Table, Tag, Typography } from 'antd';
import { lazy, memo, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSelect } from './context';
import { previewErrorText } from './messages';
import type { PreviewState } from './usePreview';

const LinePlot = lazy(() => import('../plots/LinePlot'));

/**
 * R, T, A per layer as a small plot, the per-layer photocurrents as a table, and the latency.
 * Memoised, with its plot's axes kept between renders: new axis objects would make the plot set
 * its whole option again (and animate) on every keystroke, not only when a new result came.
 */
export const PreviewPanel = memo(function PreviewPanel({ preview }: { preview: PreviewState }) {
  const { t, i18n } = useTranslation();
  const wavelength = useEditorSelect((c) => c.state.illumination?.wavelength);
  const r = preview.result;
  const axes = useMemo(
    () => ({
      x: { label: t('editor.preview.wavelength'), unit: 'nm' },
      y: { label: t('editor.preview.fraction'), unit: '-', min: 0, max: 1 },
    }),
    [t],
  );
  const series = useMemo(() => {
    if (!r) return [];
    return [
      { name: 'R', x: r.wavelengthNm, y: r.R },
      { name: 'T', x: r.wavelengthNm, y: r.T },
      ...r.layers.map((l) => ({ name: `A ${l.name}`, x: r.wavelengthNm, y: l.A })),
    ];
  }, [r]);
  return (
    <div className="dev-preview" data-testid="preview-panel" data-busy={preview.busy ? '1' : '0'}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', minHeight: 22 }}>
        <span>
          {preview.busy ? <Spin size="small" aria-label={t('editor.preview.computing')} /> : null}{' '}
          {preview.latencyMs !== undefined && (
            <Tag data-testid="preview-latency" data-ms={preview.latencyMs.toFixed(0)}>
              {t('editor.preview.latency', { ms: preview.latencyMs.toFixed(0) })}
            </Tag>
          )}
        </span>
      </div>
      {preview.error && (
        <Alert
          type="warning"
          showIcon
          title={t('editor.preview.failed', {
            // a device check issue worded by its code; a range the n,k tables miss told with the form's own labels
            msg: preview.issue
              ? localizeCheckMessage(preview.issue, i18n.language === 'en' ? 'en' : 'zh-CN')
              : previewErrorText(preview.error, wavelength, t, i18n.language),
          })}
          data-testid="preview-error"
        />
      )}
      {!r && !preview.error && <Typography.Text type="secondary">{t('editor.preview.none')}</Typography.Text>}
      {r && (
        <>
          <Suspense fallback={<Spin />}>
            <LinePlot
              testid="preview-plot"
              title={t('editor.preview.plotTitle')}
              fileName="preview-rta"
              x={axes.x}
              y={axes.y}
              series={series}
              height={240}
            />
          </Suspense>
          <PhotocurrentTable r={r} />
        </>
      )}
    </div>
  );
});

type PreviewResult = NonNullable<PreviewState['result']>;

/** The photocurrents per layer, re-rendered with a new result only (not when the panel shows it is busy). */
const PhotocurrentTable = memo(function PhotocurrentTable({ r }: { r: PreviewResult }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="name"
      data-testid="preview-table"
      columns={[
        { title: t('editor.preview.layer'), dataIndex: 'name' },
        {
          title: `${t('editor.preview.jph')} (mA/cm²)`,
          dataIndex: 'jph',
          align: 'right',
          render: (v: number, row: { name: string }) => (
            <span data-testid={`preview-jph-${row.name}`}>{v.toFixed(2)}</span>
          ),
        },
      ]}
      dataSource={[
        ...r.layers.map((l) => ({ name: l.name, jph: l.jphMaCm2 })),
        { name: t('editor.preview.absorbers'), jph: r.totals.jphAbsorbersMaCm2 },
        { name: t('editor.preview.reflected'), jph: r.totals.jReflectedMaCm2 },
        { name: t('editor.preview.transmitted'), jph: r.totals.jTransmittedMaCm2 },
      ]}
    />
  );
});
