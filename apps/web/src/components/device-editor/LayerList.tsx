import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Empty, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { duplicateLayer, type EditorLayer, isBlankLayer, moveLayer, newLayer } from './model';
import { SubcellSelect } from './SubcellSelect';

/** What a row of the list does, through the list's newest layers: one object for the list's life. */
interface RowActions {
  select(i: number): void;
  move(from: number, to: number): void;
  duplicate(i: number): void;
  remove(i: number): void;
  drag(i: number | null): void;
}

/** A layer's mark in the list: an error, else a warning, on the layer or a field of it. */
type Mark = 'error' | 'warning' | undefined;

function marksOf(m: Map<string, string[]>, count: number): boolean[] {
  const out = new Array<boolean>(count).fill(false);
  for (const k of m.keys()) {
    const r = /^layers\.(\d+)(?:\.|$)/.exec(k);
    if (r && Number(r[1]) < count) out[Number(r[1])] = true;
  }
  return out;
}

/**
 * The layer stack as an ordered list: select a layer to edit it; reorder by dragging a row, with
 * the up/down buttons, or from the keyboard (Alt+ArrowUp / Alt+ArrowDown on a focused row);
 * duplicate and remove (with a 确定/取消 confirm). Each row is memoised: an edit of one layer
 * re-renders that layer's row only.
 */
export const LayerList = memo(function LayerList({
  selected,
  onSelect,
  kind,
}: {
  selected: number;
  onSelect: (i: number) => void;
  kind: 'opt' | 'elec';
}) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const layers = useEditorSelect((c) => c.state.layers);
  const disabled = useEditorSelect((c) => c.disabled);
  // one string for all rows, so that the list re-renders only when a mark changes
  const marks = useEditorSelect((c) => {
    const e = marksOf(c.errors, c.state.layers.length);
    const w = marksOf(c.warnings, c.state.layers.length);
    return e.map((x, i) => (x ? 'e' : w[i] ? 'w' : '-')).join('');
  });
  const [drag, setDrag] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= layers.length || from === to) return;
    set('layers', moveLayer(layers, from, to));
    onSelect(to);
  };
  const now = {
    select: onSelect,
    move,
    duplicate(i: number) {
      set('layers', duplicateLayer(layers, i));
      onSelect(i + 1);
    },
    remove(i: number) {
      set(
        'layers',
        layers.filter((_, j) => j !== i),
      );
      onSelect(Math.max(0, Math.min(selected, layers.length - 2)));
    },
    drag: setDrag,
  };
  const latest = useRef(now);
  latest.current = now;
  const [actions] = useState<RowActions>(() => ({
    select: (i) => latest.current.select(i),
    move: (from, to) => latest.current.move(from, to),
    duplicate: (i) => latest.current.duplicate(i),
    remove: (i) => latest.current.remove(i),
    drag: (i) => latest.current.drag(i),
  }));
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
          <LayerRow
            key={l.key}
            layer={l}
            i={i}
            last={i === layers.length - 1}
            single={layers.length <= 1}
            selected={i === selected}
            dragging={drag === i}
            mark={marks[i] === 'e' ? 'error' : marks[i] === 'w' ? 'warning' : undefined}
            kind={kind}
            disabled={disabled}
            actions={actions}
          />
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
});

const LayerRow = memo(function LayerRow({
  layer: l,
  i,
  last,
  single,
  selected,
  dragging,
  mark,
  kind,
  disabled,
  actions,
}: {
  layer: EditorLayer;
  i: number;
  last: boolean;
  single: boolean;
  selected: boolean;
  dragging: boolean;
  mark: Mark;
  kind: 'opt' | 'elec';
  disabled: boolean | undefined;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={`dev-layer-row${selected ? ' is-selected' : ''}${dragging ? ' is-dragging' : ''}`}
      draggable={!disabled}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the row takes focus so it can be reordered from the keyboard (Alt+ArrowUp/Down)
      tabIndex={0}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${i + 1}. ${l.name}, ${l.thicknessNm} nm`}
      data-testid={`layer-row-${i}`}
      onClick={() => actions.select(i)}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.altKey && e.key === 'ArrowUp') {
          e.preventDefault();
          actions.move(i, i - 1);
        } else if (e.altKey && e.key === 'ArrowDown') {
          e.preventDefault();
          actions.move(i, i + 1);
        } else if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          actions.select(i);
        }
      }}
      onDragStart={(e) => {
        actions.drag(i);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(i));
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const from = Number(e.dataTransfer.getData('text/plain'));
        if (Number.isInteger(from)) actions.move(from, i);
        actions.drag(null);
      }}
      onDragEnd={() => actions.drag(null)}
    >
      <HolderOutlined className="dev-drag" aria-hidden />
      <span className="dev-layer-name">
        {i + 1}. {l.name}
      </span>
      <span className="dev-layer-meta">
        {l.thicknessNm} nm · {t(`editor.roles.${l.role}`)}
        {kind === 'elec' && !l.electrical ? <Tag style={{ marginLeft: 6 }}>{t('editor.layer.opticalOnly')}</Tag> : null}
        {mark === 'error' ? <Tag color="red">!</Tag> : mark === 'warning' ? <Tag color="gold">!</Tag> : null}
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
            onClick={() => actions.move(i, i - 1)}
            data-testid={`layer-up-${i}`}
          />
        </Tooltip>
        <Tooltip title={t('editor.layer.down')}>
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`${t('editor.layer.down')}: ${l.name}`}
            disabled={disabled || last}
            onClick={() => actions.move(i, i + 1)}
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
            onClick={() => actions.duplicate(i)}
            data-testid={`layer-dup-${i}`}
          />
        </Tooltip>
        <Popconfirm
          title={t('editor.layer.removeConfirm', { name: l.name })}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.remove(i)}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('editor.layer.remove')}: ${l.name}`}
            disabled={disabled || single}
            data-testid={`layer-remove-${i}`}
          />
        </Popconfirm>
      </Space>
    </li>
  );
});
