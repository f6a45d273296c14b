/**
 * The compared devices' layer stacks side by side (issue 29): one column a run, one row a layer,
 * layers of the same name on the same row (alignLayers), each cell the layer's name, role,
 * optics and thickness in words; a value that differs from another run's on the row is marked.
 */
import { Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceInput, formatInput } from '../../../lib/device-inputs';
import { alignLayers } from './compare-runs';

type Layer = { name: string; parts: { key: string; text: string }[] };

/** A run's layers from its inputs: each layer's name and its role, optics and thickness in words. */
function layersOf(inputs: DeviceInput[], t: TFunction): Layer[] {
  const out: Layer[] = [];
  for (const i of inputs) {
    if (i.section !== 'layer' || i.layer === undefined) continue;
    out[i.layer] ??= { name: i.owner ?? `#${i.layer + 1}`, parts: [] };
    const l = out[i.layer]!;
    const kind = i.path.slice(i.path.indexOf('].') + 2);
    if (kind === 'role' || kind === 'optical') l.parts.push({ key: kind, text: formatInput(i, t) });
    else if (kind === 'thicknessNm')
      l.parts.push({ key: kind, text: t('inputs.compare.thickness', { d: formatInput(i, t) }) });
  }
  return out.filter(Boolean);
}

export function CompareStacks({ runs }: { runs: { label: string; inputs: DeviceInput[] }[] }) {
  const { t } = useTranslation();
  const stacks = useMemo(() => runs.map((r) => layersOf(r.inputs, t)), [runs, t]);
  const rows = useMemo(() => alignLayers(stacks.map((s) => s.map((l) => l.name))), [stacks]);
  const data = rows.map((at, k) => ({
    key: k,
    cells: at.map((j, r) => (j === undefined ? undefined : stacks[r]![j])),
  }));
  return (
    <>
      <Typography.Paragraph type="secondary">{t('inputs.compare.stacksHint')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        bordered
        scroll={{ x: 'max-content' }}
        data-testid="compare-stacks-table"
        dataSource={data}
        columns={runs.map((run, r) => ({
          key: String(r),
          title: run.label,
          render: (_: unknown, row: (typeof data)[number]) => {
            const l = row.cells[r];
            if (!l) return <Typography.Text type="secondary">{t('inputs.compare.noLayer')}</Typography.Text>;
            const others = row.cells.filter((c, q) => q !== r && c);
            const differs = (key: string, text: string) =>
              others.some((o) => (o!.parts.find((p) => p.key === key)?.text ?? '') !== text);
            return (
              <div data-testid="compare-stack-cell">
                <Typography.Text strong>{l.name}</Typography.Text>
                {l.parts.map((p) => (
                  <div key={p.key}>
                    {differs(p.key, p.text) ? <Typography.Text mark>{p.text}</Typography.Text> : p.text}
                  </div>
                ))}
              </div>
            );
          },
        }))}
      />
    </>
  );
}
