import type { BulkDefectSpec, LayerElectricalSpec } from '@pvforge/contracts';
import { Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Material } from '../../../api/materials';
import { DefectDosPlot } from '../../../components/device-editor/DefectDosPlot';
import { dosPlotData } from '../../../components/device-editor/defect-model';
import { paramLang, wordsOf } from '../../../lib/params';
import { numberText } from './material-form';

/** The temperature the library's density-of-states plot is drawn at (the editor's default). */
const PLOT_TEMPERATURE_K = 300;

const REFERENCE_KEY = { conduction: 'refConduction', valence: 'refValence', intrinsic: 'refIntrinsic' } as const;

/**
 * The defect set a material carries (what a layer gets when the material is picked in the editor):
 * each defect in the editor's own words, its source, and its density of states in the gap.
 */
export function MaterialDefects({ m, source }: { m: Material; source: string | undefined }) {
  const { t, i18n } = useTranslation();
  // a defect's numbers in the registry's words, as the editor's defect table labels them
  const words = (key: string) => wordsOf(`layers[].electrical.defects[].${key}`, paramLang(i18n.language));
  const defects = (m.electrical?.defects ?? []) as BulkDefectSpec[];
  const name = (k: number) => defects[k]?.name?.trim() || t('defects.table.item', { n: k + 1 });
  const dos = useMemo(
    () =>
      defects.length
        ? dosPlotData(m.electrical as LayerElectricalSpec, PLOT_TEMPERATURE_K, (k) => `${k + 1}`)
        : undefined,
    [m.electrical, defects.length],
  );
  if (!defects.length) return null;
  const width = (d: BulkDefectSpec) => {
    const dist = d.distribution ?? 'single';
    return dist === 'single' || d.widthEV === undefined
      ? ''
      : `, ${words('widthEV').label} ${numberText(d.widthEV)} ${words('widthEV').unit}`;
  };
  const capture = (d: BulkDefectSpec, carrier: 'N' | 'P') => {
    const sigma = carrier === 'N' ? d.sigmaNCm2 : d.sigmaPCm2;
    const c = carrier === 'N' ? d.cNCm3PerS : d.cPCm3PerS;
    if (sigma !== undefined) return `${numberText(sigma)} cm²`;
    if (c !== undefined) return `${numberText(c)} cm³/s`;
    return t('materials.detail.none');
  };
  return (
    <div className="stack" data-testid="material-detail-defects">
      <Typography.Title level={5}>{t('materials.detail.defects')}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('materials.detail.defectsIntro')}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey={(_, k) => String(k)}
        pagination={false}
        scroll={{ x: true }}
        dataSource={defects}
        columns={[
          { title: t('defects.table.name'), render: (_, _d, k) => name(k) },
          { title: t('defects.table.type'), render: (_, d) => t(`defects.table.${d.type}`) },
          {
            title: `${words('densityCm3').label} (${words('densityCm3').unit})`,
            render: (_, d) => numberText(d.densityCm3),
          },
          {
            title: words('energyEV').label,
            render: (_, d) =>
              d.distribution === 'tail'
                ? t(`defects.table.${REFERENCE_KEY[d.energyReference]}`)
                : `${numberText(d.energyEV ?? 0)} eV ${t(`defects.table.${REFERENCE_KEY[d.energyReference]}`)}`,
          },
          {
            title: t('defects.table.distribution'),
            render: (_, d) => `${t(`defects.table.${d.distribution ?? 'single'}`)}${width(d)}`,
          },
          { title: words('sigmaNCm2').label, render: (_, d) => capture(d, 'N') },
          { title: words('sigmaPCm2').label, render: (_, d) => capture(d, 'P') },
        ]}
      />
      <Typography.Text data-testid="material-detail-defects-source">
        {t('materials.detail.source')}: {source ?? t('materials.detail.none')}
      </Typography.Text>
      <DefectDosPlot
        testid="material-defect-dos"
        plotTestid="material-defect-dos-plot"
        title={t('materials.detail.defectDos', { name: m.name, T: PLOT_TEMPERATURE_K })}
        fileName={`${m.key ?? m.name}-defect-DOS`}
        unit="cm⁻³ eV⁻¹"
        dos={dos}
        name={name}
        note={t('defects.table.dosNote')}
        needsGap={t('materials.detail.defectDosNeedsGap')}
        height={260}
      />
    </div>
  );
}
