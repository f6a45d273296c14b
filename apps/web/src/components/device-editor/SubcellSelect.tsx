import { Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';

type Choice = 'none' | 'top' | 'junction' | 'bottom';

/**
 * The tandem subcell of a layer, chosen in the layer list (electrical calculations, layers with
 * electrical parameters): top cell, junction or bottom cell, or none for a single-junction device.
 * Assigning any layer makes the device a tandem (formToSpec adds electrical.tandem).
 */
export function SubcellSelect({ index }: { index: number }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  const name = useEditorSelect((c) => c.state.layers[index]?.name);
  const subcell = useEditorSelect((c) => c.state.layers[index]?.subcell);
  if (name === undefined) return null;
  const value: Choice = subcell ?? 'none';
  return (
    <Tooltip title={t('tandem.editor.subcellTip')}>
      <Select<Choice>
        size="small"
        value={value}
        disabled={disabled}
        aria-label={`${t('tandem.editor.subcell')}: ${name}`}
        data-testid={`layer-subcell-${index}`}
        style={{ width: 104, marginLeft: 6 }}
        popupMatchSelectWidth={false}
        onClick={(e) => e.stopPropagation()}
        onChange={(v) => set(`layers.${index}.subcell`, v === 'none' ? undefined : v)}
        options={(['none', 'top', 'junction', 'bottom'] as const).map((c) => ({
          value: c,
          label: t(`tandem.editor.${c}`),
        }))}
      />
    </Tooltip>
  );
}
