/**
 * Every input of a device calculation (issue 19: two runs with different lifetimes must not look
 * identical): the illumination, each layer with all its optical and electrical parameters, the
 * electrical settings, contacts, interfaces and protocols, by their form labels with symbols and
 * units; one collapsible panel per group so a long device stays readable. A sweep's record lists
 * its device and the values it swept.
 */
import { useQuery } from '@tanstack/react-query';
import { Collapse, Descriptions, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { nkIndex } from '../../../api/editor';
import { type Material, materialsApi } from '../../../api/materials';
import { fmtNum } from '../../../components/plots/plot-data';
import { type DeviceInput, deviceInputs, formatInput, inputLabel, opticalInputs } from '../../../lib/device-inputs';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The inputs in groups: a key, a title and the items (a layer's group is titled by the layer). */
export function groupInputs(
  items: DeviceInput[],
  t: (k: string) => string,
): { key: string; title: string; items: DeviceInput[] }[] {
  const groups: { key: string; title: string; items: DeviceInput[] }[] = [];
  for (const i of items) {
    const key = i.section === 'layer' ? `layer-${i.layer}` : i.section;
    let g = groups.find((x) => x.key === key);
    if (!g) {
      const title =
        i.section === 'layer'
          ? `${t('inputs.section.layer')} ${(i.layer ?? 0) + 1} · ${i.owner}`
          : t(`inputs.section.${i.section}`);
      g = { key, title, items: [] };
      groups.push(g);
    }
    g.items.push(i);
  }
  return groups;
}

/** The public library's materials that are a shipped n,k table (every page of the list). */
async function tableMaterials(): Promise<Material[]> {
  const out: Material[] = [];
  for (let page = 1; page <= 10; page++) {
    const { list, total } = await materialsApi.findLibrary({ page, size: 100 });
    out.push(...list);
    if (out.length >= total || list.length === 0) break;
  }
  return out.filter((m) => m.optical.kind === 'table');
}

/**
 * The shipped n,k tables' names by id, so a layer's optics read "Soda-lime glass" rather than its
 * id: the library material of the table in the UI's language where there is one, else the table's
 * own name; undefined while they load (a table id must not flash on screen), the ids' table names
 * (or {}) if they cannot be had.
 */
export function useTableNames(): Record<string, string> | undefined {
  const { i18n } = useTranslation();
  const nk = useQuery({ queryKey: ['nkIndex'], queryFn: nkIndex, staleTime: Number.POSITIVE_INFINITY, retry: false });
  const lib = useQuery({
    queryKey: ['tableMaterials'],
    queryFn: tableMaterials,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const en = i18n.language === 'en';
  return useMemo(() => {
    if (nk.isPending || lib.isPending) return undefined;
    const names: Record<string, string> = Object.fromEntries((nk.data ?? []).map((m) => [m.id, m.name]));
    for (const m of lib.data ?? [])
      if (m.optical.kind === 'table') names[m.optical.materialId] = (en && m.nameEn) || m.name;
    return names;
  }, [nk.isPending, nk.data, lib.isPending, lib.data, en]);
}

export function InputList({ input, kind }: { input: unknown; kind: 'opt' | 'elec' }) {
  const { t, i18n } = useTranslation();
  const sweep = isObj(input) && input['sweep'] === true ? input : undefined;
  const device = sweep ? sweep['device'] : input;
  const names = useTableNames();
  const items = useMemo(() => {
    if (!names) return [];
    const all = deviceInputs(device, t, i18n.language, names);
    return kind === 'opt' ? opticalInputs(all) : all;
  }, [device, kind, t, i18n.language, names]);
  const groups = useMemo(() => groupInputs(items, t), [items, t]);
  if (!items.length) return null;
  const swept = sweep && Array.isArray(sweep['parameters']) ? sweep['parameters'].filter(isObj) : [];
  // the owner is the panel's title already: a layer's rows show the field only
  const label = (i: DeviceInput) => (i.section === 'layer' ? inputLabel({ ...i, owner: undefined }) : inputLabel(i));
  return (
    <div data-testid="result-inputs" style={{ marginTop: 12 }}>
      <Typography.Text strong>{t('inputs.all', { n: items.length })}</Typography.Text>
      {swept.length > 0 && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 8 }}
          title={t('inputs.swept')}
          data-testid="result-inputs-swept"
          items={swept.map((p, k) => {
            const f = items.find((i) => i.path === p['path']);
            const values = Array.isArray(p['values']) ? p['values'].map((v) => fmtNum(Number(v))).join(', ') : '';
            return {
              key: String(k),
              label: f ? inputLabel(f) : String(p['label'] ?? ''),
              children: values,
            };
          })}
        />
      )}
      <Collapse
        size="small"
        style={{ marginTop: 8 }}
        // a short device opens in full; a long one shows its groups, each a click away
        defaultActiveKey={items.length <= 40 ? groups.map((g) => g.key) : []}
        items={groups.map((g) => ({
          key: g.key,
          label: `${g.title} (${g.items.length})`,
          forceRender: true,
          children: (
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, md: 2, xl: 3 }}
              data-testid={`result-inputs-${g.key}`}
              items={g.items.map((i) => ({ key: i.path, label: label(i), children: formatInput(i, t) }))}
            />
          ),
        }))}
      />
    </div>
  );
}
