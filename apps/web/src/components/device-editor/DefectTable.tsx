import { PlusOutlined } from '@ant-design/icons';
import type { BulkDefectSpec } from '@pvforge/contracts';
import { Button, Space, Typography } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { DefectDosPlot } from './DefectDosPlot';
import { DefectFields } from './DefectFields';
import { defaultDefect, dosPlotData } from './defect-model';

/** Most defects per layer (the engine's limit). */
const MAX_DEFECTS = 20;

/**
 * The defects of one layer (`layers[i].electrical.defects`): add, remove, and each defect's fields,
 * with the density of states of all of them against energy inside the band gap, as SCAPS shows it.
 */
export const DefectTable = memo(function DefectTable({ index }: { index: number }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const layerName = useEditorSelect((c) => c.state.layers[index]?.name);
  const p = `layers.${index}.electrical.defects`;
  const e = useEditorSelect((c) => c.state.layers[index]?.electrical);
  const defects = (e?.defects ?? []) as BulkDefectSpec[];
  const T = useEditorSelect((c) => c.state.electrical?.temperatureK) ?? 300;
  const name = (k: number) => defects[k]?.name?.trim() || t('defects.table.item', { n: k + 1 });
  const dos = useMemo(
    () => (defects.length ? dosPlotData(e, T, (k) => defects[k]?.name?.trim() || `${k + 1}`) : undefined),
    [e, T, defects],
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`defect-table-${index}`}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('defects.table.intro')}
      </Typography.Paragraph>
      {defects.map((d, k) => (
        <DefectFields
          // biome-ignore lint/suspicious/noArrayIndexKey: a defect has no id; its index is its field path
          key={k}
          path={`${p}.${k}`}
          defect={d}
          where="layer"
          n={k + 1}
          testid={`defect-${index}-${k}`}
          onRemove={() => {
            const rest = defects.filter((_, j) => j !== k);
            set(p, rest.length ? rest : undefined);
          }}
        />
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={defects.length >= MAX_DEFECTS}
        onClick={() => set(p, [...defects, defaultDefect()])}
        data-testid={`defect-add-${index}`}
      >
        {t('defects.table.add')}
      </Button>
      {defects.length > 0 && (
        <DefectDosPlot
          testid={`defect-dos-${index}`}
          plotTestid={`defect-dos-plot-${index}`}
          title={t('defects.table.dos')}
          fileName={`${layerName ?? 'layer'}-defect-DOS`}
          unit="cm⁻³ eV⁻¹"
          dos={dos}
          name={name}
          note={t('defects.table.dosNote')}
          needsGap={t('defects.table.dosNeedsGap')}
          height={260}
        />
      )}
    </Space>
  );
});
