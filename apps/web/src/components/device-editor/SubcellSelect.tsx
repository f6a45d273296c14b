import { Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor } from './context';

type Choice = 'none' | 'top' | 'junction' | 'bottom';

/**
 * The tandem subcell of a layer, chosen in the layer list (electrical calculations, layers with
 * electrical parameters): top cell, junction or bottom cell, or none for a single-junction device.
 * Assigning any layer makes the device a tandem (formToSpec adds electrical.tandem).
 */
export function SubcellSelect({ index }: { index: number }) {
  const { t } = useTranslation();
  const { state, set, disabled } = useEditor();
  const layer = state.layers[index];
  if (!layer) return null;
  const value: Choice = layer.subcell ?? 'none';
  return (
    <Tooltip title={t('tandem.editor.subcellTip')}>
      <Select<Choice>
        size="small"
        value={value}
        disabled={disabled}
        aria-label={`${t('tandem.editor.subcell')}: ${layer.name}`}
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
