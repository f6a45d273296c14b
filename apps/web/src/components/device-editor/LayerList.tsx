import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Empty, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from './context';
import { duplicateLayer, isBlankLayer, moveLayer, newLayer } from './model';
import { SubcellSelect } from './SubcellSelect';

/**
 * The layer stack as an ordered list: select a layer to edit it; reorder by dragging a row, with
 * the up/down buttons, or from the keyboard (Alt+ArrowUp / Alt+ArrowDown on a focused row);
 * duplicate and remove (with a 确定/取消 confirm).
 */
export function LayerList({
  selected,
  onSelect,
  kind,
}: {
  selected: number;
  onSelect: (i: number) => void;
  kind: 'opt' | 'elec';
}) {
  const { t } = useTranslation();
  const { state, set, errors, warnings, disabled } = useEditor();
  const layers = state.layers;
  const [drag, setDrag] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= layers.length || from === to) return;
    set('layers', moveLayer(layers, from, to));
    onSelect(to);
  };
  const hasIssue = (i: number, m: Map<string, string[]>) =>
    [...m.keys()].some((k) => k === `layers.${i}` || k.startsWith(`layers.${i}.`));
  const add = () => {
    // a new device's placeholder layer is not kept under the user's first pick: it takes that pick
    if (layers.length === 1 && isBlankLayer(layers[0]!)) {
      onSelect(0);
      return;
    }
    const at = Math.min(layers.length, selected + 1);
    const l = newLayer(`${t('editor.layer.newName')} ${layers.length + 1}`);
    set('layers', [...layers.slice(0, at), l, ...layers.slice(at)]);
    onSelect(at);
  };

  return (
    <div className="dev-layer-list" data-testid="layer-list">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('editor.layer.dragHint')}
      </Typography.Text>
      {layers.length === 0 && <Empty description={t('editor.layer.empty')} />}
      <ol className="dev-layers" aria-label={t('editor.section.layers')}>
        {layers.map((l, i) => (
          <li
            key={l.key}
            className={`dev-layer-row${i === selected ? ' is-selected' : ''}${drag === i ? ' is-dragging' : ''}`}
            draggable={!disabled}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the row takes focus so it can be reordered from the keyboard (Alt+ArrowUp/Down)
            tabIndex={0}
            aria-current={i === selected ? 'true' : undefined}
            aria-label={`${i + 1}. ${l.name}, ${l.thicknessNm} nm`}
            data-testid={`layer-row-${i}`}
            onClick={() => onSelect(i)}
            onKeyDown={(e) => {
              if (e.target !== e.currentTarget) return;
              if (e.altKey && e.key === 'ArrowUp') {
                e.preventDefault();
                move(i, i - 1);
              } else if (e.altKey && e.key === 'ArrowDown') {
                e.preventDefault();
                move(i, i + 1);
              } else if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(i);
              }
            }}
            onDragStart={(e) => {
              setDrag(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(i));
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const from = Number(e.dataTransfer.getData('text/plain'));
              if (Number.isInteger(from)) move(from, i);
              setDrag(null);
            }}
            onDragEnd={() => setDrag(null)}
          >
            <HolderOutlined className="dev-drag" aria-hidden />
            <span className="dev-layer-name">
              {i + 1}. {l.name}
            </span>
            <span className="dev-layer-meta">
              {l.thicknessNm} nm · {t(`editor.roles.${l.role}`)}
              {kind === 'elec' && !l.electrical ? (
                <Tag style={{ marginLeft: 6 }}>{t('editor.layer.opticalOnly')}</Tag>
              ) : null}
              {hasIssue(i, errors) ? (
                <Tag color="red">!</Tag>
              ) : hasIssue(i, warnings) ? (
                <Tag color="gold">!</Tag>
              ) : null}
            </span>
            <Space size={0} className="dev-layer-actions" onClick={(e) => e.stopPropagation()}>
              {/* with the row's own buttons, so that a click on the row's middle selects it */}
              {kind === 'elec' && (l.electrical || l.subcell) ? <SubcellSelect index={i} /> : null}
              <Tooltip title={t('editor.layer.up')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`${t('editor.layer.up')}: ${l.name}`}
                  disabled={disabled || i === 0}
                  onClick={() => move(i, i - 1)}
                  data-testid={`layer-up-${i}`}
                />
              </Tooltip>
              <Tooltip title={t('editor.layer.down')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`${t('editor.layer.down')}: ${l.name}`}
                  disabled={disabled || i === layers.length - 1}
                  onClick={() => move(i, i + 1)}
                  data-testid={`layer-down-${i}`}
                />
              </Tooltip>
              <Tooltip title={t('editor.layer.duplicate')}>
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={`${t('editor.layer.duplicate')}: ${l.name}`}
                  disabled={disabled}
                  onClick={() => {
                    set('layers', duplicateLayer(layers, i));
                    onSelect(i + 1);
                  }}
                  data-testid={`layer-dup-${i}`}
                />
              </Tooltip>
              <Popconfirm
                title={t('editor.layer.removeConfirm', { name: l.name })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => {
                  set(
                    'layers',
                    layers.filter((_, j) => j !== i),
                  );
                  onSelect(Math.max(0, Math.min(selected, layers.length - 2)));
                }}
              >
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('editor.layer.remove')}: ${l.name}`}
                  disabled={disabled || layers.length <= 1}
                  data-testid={`layer-remove-${i}`}
                />
              </Popconfirm>
            </Space>
          </li>
        ))}
      </ol>
      <Button
        icon={<PlusOutlined />}
        onClick={add}
        disabled={disabled || layers.length >= 200}
        data-testid="layer-add"
        block
      >
        {t('editor.layer.add')}
      </Button>
    </div>
  );
}
