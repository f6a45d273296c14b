import { PlusOutlined } from '@ant-design/icons';
import type { InterfaceDefectSpec } from '@pvforge/contracts';
import { Button, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { DefectDosPlot } from './DefectDosPlot';
import { DefectFields } from './DefectFields';
import { defaultInterfaceDefect, interfaceDosPlotData } from './defect-model';

const MAX_DEFECTS = 20;

/**
 * The defect sheets of interface i (`electrical.interfaces[i].defects`): add, remove, each defect's
 * fields, and their density of states in the gap the two layers share.
 */
export function InterfaceDefects({ index }: { index: number }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const p = `electrical.interfaces.${index}.defects`;
  const it = useEditorSelect((c) => c.state.electrical?.interfaces?.[index]);
  const defects = (it?.defects ?? []) as InterfaceDefectSpec[];
  const T = useEditorSelect((c) => c.state.electrical?.temperatureK) ?? 300;
  const name = (k: number) => defects[k]?.name?.trim() || t('defects.table.item', { n: k + 1 });
  const front = useEditorSelect((c) => c.state.layers.find((l) => l.name === it?.between[0])?.electrical);
  const back = useEditorSelect((c) => c.state.layers.find((l) => l.name === it?.between[1])?.electrical);
  const dos = useMemo(
    () => (defects.length ? interfaceDosPlotData(front, back, defects, T, (k) => `${k + 1}`) : undefined),
    [front, back, defects, T],
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`interface-defects-${index}`}>
      <Typography.Text strong>{t('defects.iface.title')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('defects.iface.intro')}
      </Typography.Paragraph>
      {defects.map((d, k) => (
        <DefectFields
          // biome-ignore lint/suspicious/noArrayIndexKey: a defect has no id; its index is its field path
          key={k}
          path={`${p}.${k}`}
          defect={d}
          where="interface"
          n={k + 1}
          testid={`interface-defect-${index}-${k}`}
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
        onClick={() => set(p, [...defects, defaultInterfaceDefect()])}
        data-testid={`interface-defect-add-${index}`}
      >
        {t('defects.iface.add')}
      </Button>
      {defects.length > 0 && (
        <DefectDosPlot
          testid={`interface-dos-${index}`}
          plotTestid={`interface-dos-plot-${index}`}
          title={t('defects.iface.dos')}
          fileName={`${(it?.between ?? []).join('-')}-interface-defect-DOS`}
          unit="cm⁻² eV⁻¹"
          dos={dos}
          name={name}
          note={t('defects.iface.dosNote')}
          needsGap={t('defects.iface.dosNeedsGap')}
          height={240}
        />
      )}
    </Space>
  );
}
