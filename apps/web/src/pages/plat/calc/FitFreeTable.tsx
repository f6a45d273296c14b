import { DeleteOutlined } from '@ant-design/icons';
import { formatValue } from '@pvforge/params';
import { Button, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_FIT_MAX_FREE,
  type FittableField,
  type FreeField,
  type FreeRow,
  fieldTitle,
  newFreeRow,
  tieTargets,
} from './fit-model';

/** The message of a free row's field (an error first, else a warning). */
export type FreeMessage = (k: number, field: FreeField) => { error?: string; warning?: string };

/**
 * The free parameters of a device fit: picked from the fields of this device the registry
 * describes (grouped by layer, interface, contact and device, by label, symbol and unit in the UI
 * language), each with the range the fit may explore (the registry's usual range by default),
 * its scale (the registry's) and, optionally, another free parameter whose value it takes
 * (μp = μn). Every bound is judged as it is typed.
 */
export function FitFreeTable({
  fields,
  rows,
  onChange,
  message,
}: {
  fields: FittableField[];
  rows: FreeRow[];
  onChange: (rows: FreeRow[]) => void;
  message: FreeMessage;
}) {
  const { t } = useTranslation();
  const byPath = useMemo(() => new Map(fields.map((f) => [f.path, f])), [fields]);
  const options = useMemo(() => {
    const chosen = new Set(rows.map((r) => r.path));
    const groups = new Map<string, { label: string; options: { value: string; label: string }[] }>();
    for (const f of fields) {
      if (chosen.has(f.path)) continue;
      const g = groups.get(f.group) ?? { label: f.groupTitle, options: [] };
      g.options.push({ value: f.path, label: fieldTitle(f) });
      groups.set(f.group, g);
    }
    return [...groups.values()];
  }, [fields, rows]);

  const set = (k: number, patch: Partial<FreeRow>) => onChange(rows.map((r, j) => (j === k ? { ...r, ...patch } : r)));
  const remove = (k: number) => {
    const gone = rows[k]?.path;
    // a row tied to the removed one is fitted on its own again
    onChange(rows.filter((_, j) => j !== k).map((r) => (r.tie === gone ? { ...r, tie: '' } : r)));
  };
  const add = (path: string) => {
    const f = byPath.get(path);
    if (f && rows.length < DEVICE_FIT_MAX_FREE) onChange([...rows, newFreeRow(f.param, path)]);
  };
  const cell = (k: number, field: FreeField, node: ReactNode) => {
    const m = message(k, field);
    return (
      <Form.Item
        style={{ marginBottom: 0 }}
        validateStatus={m.error ? 'error' : m.warning ? 'warning' : undefined}
        help={m.error ?? m.warning}
      >
        {node}
      </Form.Item>
    );
  };
  const labelOf = (path: string) => {
    const f = byPath.get(path);
    return f ? `${f.groupTitle} › ${f.field}` : path;
  };

  return (
    <div data-testid="fit-free">
      <Typography.Paragraph type="secondary">{t('fit.free.hint', { max: DEVICE_FIT_MAX_FREE })}</Typography.Paragraph>
      <Form.Item label={t('fit.free.add')} htmlFor="fit-free-add">
        <Select
          id="fit-free-add"
          showSearch={{ optionFilterProp: 'label' }}
          value={null}
          placeholder={fields.length ? t('fit.free.addPlaceholder') : t('fit.free.noDevice')}
          disabled={!fields.length || rows.length >= DEVICE_FIT_MAX_FREE}
          options={options}
          onChange={(v: string | null) => v && add(v)}
          style={{ width: '100%' }}
          data-testid="fit-free-add"
        />
      </Form.Item>
      <Table<FreeRow>
        size="small"
        pagination={false}
        rowKey="path"
        dataSource={rows}
        data-testid="fit-free-table"
        locale={{ emptyText: t('fit.free.empty') }}
        scroll={{ x: true }}
        columns={[
          {
            title: t('fit.free.param'),
            key: 'param',
            width: 260,
            render: (_, r, k) => {
              const f = byPath.get(r.path);
              return (
                <div data-testid={`fit-free-row-${k}`}>
                  <Typography.Text strong>{f ? f.field : r.path}</Typography.Text>
                  {f && (
                    <>
                      <br />
                      <Typography.Text type="secondary">{f.groupTitle}</Typography.Text>
                    </>
                  )}
                  <br />
                  {/* the path is a hint for those who read device files, never the label */}
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 11, wordBreak: 'break-all' }}
                    className="fit-path-hint"
                    title={t('fit.free.pathHint')}
                  >
                    {r.path}
                  </Typography.Text>
                  {cell(k, 'path', null)}
                </div>
              );
            },
          },
          {
            title: t('fit.free.start'),
            key: 'start',
            width: 140,
            render: (_, r) => {
              const f = byPath.get(r.path);
              if (!f) return '–';
              return (
                <span>
                  {f.unit ? `${formatValue(f.value)} ${f.unit}` : formatValue(f.value)}
                  {f.isDefault && (
                    <>
                      {' '}
                      <Tag>{t('fit.free.default')}</Tag>
                    </>
                  )}
                </span>
              );
            },
          },
          {
            title: t('fit.free.min'),
            key: 'min',
            render: (_, r, k) =>
              cell(
                k,
                'min',
                <Input
                  value={r.tie ? '' : r.min}
                  disabled={!!r.tie}
                  inputMode="decimal"
                  addonAfter={byPath.get(r.path)?.unit || undefined}
                  aria-label={`${labelOf(r.path)} ${t('fit.free.min')}`}
                  onChange={(e) => set(k, { min: e.target.value })}
                  data-testid={`fit-free-min-${k}`}
                  style={{ minWidth: 150 }}
                />,
              ),
          },
          {
            title: t('fit.free.max'),
            key: 'max',
            render: (_, r, k) =>
              cell(
                k,
                'max',
                <Input
                  value={r.tie ? '' : r.max}
                  disabled={!!r.tie}
                  inputMode="decimal"
                  addonAfter={byPath.get(r.path)?.unit || undefined}
                  aria-label={`${labelOf(r.path)} ${t('fit.free.max')}`}
                  onChange={(e) => set(k, { max: e.target.value })}
                  data-testid={`fit-free-max-${k}`}
                  style={{ minWidth: 150 }}
                />,
              ),
          },
          {
            title: t('fit.free.scale'),
            key: 'scale',
            render: (_, r, k) =>
              cell(
                k,
                'scale',
                <Select<FreeRow['scale']>
                  value={r.scale}
                  disabled={!!r.tie}
                  onChange={(scale) => set(k, { scale })}
                  aria-label={`${labelOf(r.path)} ${t('fit.free.scale')}`}
                  data-testid={`fit-free-scale-${k}`}
                  style={{ minWidth: 90 }}
                  options={[
                    { value: 'log', label: t('fit.free.log') },
                    { value: 'linear', label: t('fit.free.linear') },
                  ]}
                />,
              ),
          },
          {
            title: t('fit.free.tie'),
            key: 'tie',
            render: (_, r, k) =>
              cell(
                k,
                'tie',
                <Select<string>
                  value={r.tie}
                  onChange={(tie) => set(k, { tie })}
                  aria-label={`${labelOf(r.path)} ${t('fit.free.tie')}`}
                  data-testid={`fit-free-tie-${k}`}
                  style={{ minWidth: 160 }}
                  // a row others are tied to is a target, so it cannot be tied itself
                  disabled={rows.some((x) => x.tie === r.path)}
                  options={[
                    { value: '', label: t('fit.free.tieNone') },
                    ...tieTargets(rows, k).map((x) => ({ value: x.path, label: labelOf(x.path) })),
                  ]}
                />,
              ),
          },
          {
            title: '',
            key: 'remove',
            render: (_, __, k) => (
              <Button
                size="small"
                icon={<DeleteOutlined />}
                onClick={() => remove(k)}
                aria-label={t('fit.free.remove')}
                data-testid={`fit-free-remove-${k}`}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
