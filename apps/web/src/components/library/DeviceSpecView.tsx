import { Descriptions, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { layerRows } from '../../lib/library';
import { paramLang, wordsOf } from '../../lib/params';
import { formatNumber } from '../device-editor/fields';
import { LAYER_ELECTRICAL_FIELDS } from '../device-editor/model';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A number as the editor writes it, with its unit; '-' when absent. */
function val(v: unknown, unit = ''): string {
  if (typeof v === 'number') return `${formatNumber(v)}${unit ? ` ${unit}` : ''}`;
  return '-';
}

interface ParamRow {
  key: string;
  label: ReactNode;
  values: ReactNode[];
}

/**
 * A whole DeviceSpec as a reader checks it (the administrator's review preview, the library
 * drawer): every layer's parameters side by side, layers as columns as in SCAPS, then interfaces,
 * contacts and the optical and electrical settings. Labels are the editor's, with symbol and
 * unit; only what the device gives is listed, the engine's defaults are named as such.
 */
/** The back-face values of a graded layer's electrical block, or undefined when it is not graded. */
function gradedBack(el: Obj | undefined): Obj | undefined {
  const g = el && isObj(el.grading) ? el.grading : undefined;
  return g && isObj(g.back) && Object.keys(g.back).length ? g.back : undefined;
}

export function DeviceSpecView({ spec }: { spec: unknown }) {
  const { t, i18n } = useTranslation();
  if (!isObj(spec)) return <Typography.Text type="secondary">{t('library.dev.noLayers')}</Typography.Text>;
  const layers = arr(spec.layers).filter(isObj);
  const el = isObj(spec.electrical) ? spec.electrical : undefined;
  const ill = isObj(spec.illumination) ? spec.illumination : undefined;
  const role = (r: string) => (r && i18n.exists(`editor.roles.${r}`) ? t(`editor.roles.${r}`) : r || '-');
  const elOf = (l: Obj) => (isObj(l.electrical) ? l.electrical : undefined);
  // a parameter's label and unit are the registry's (the editor's words); `own` only for a field it lacks
  const lang = paramLang(i18n.language);
  const withUnit = (n: { label: string; unit: string }) => (n.unit ? `${n.label} (${n.unit})` : n.label);

  // Name, thickness, material and role as the library lists read them (layers in spec order).
  const stack = layerRows({ layers });
  const rows: ParamRow[] = [
    {
      key: 'thicknessNm',
      label: withUnit(wordsOf('layers[].thicknessNm', lang)),
      values: stack.map((l) => val(l.thicknessNm)),
    },
    { key: 'material', label: t('editor.field.material'), values: stack.map((l) => l.material) },
    { key: 'role', label: t('editor.field.role'), values: stack.map((l) => role(l.role)) },
  ];
  for (const f of LAYER_ELECTRICAL_FIELDS) {
    if (!layers.some((l) => elOf(l)?.[f.key] !== undefined)) continue;
    rows.push({
      key: f.key,
      label: withUnit(wordsOf(`layers[].electrical.${f.key}`, lang)),
      // a graded layer's parameter reads front → back (its own value is the front face's)
      values: layers.map((l) => {
        const back = gradedBack(elOf(l))?.[f.key];
        return back === undefined ? val(elOf(l)?.[f.key]) : `${val(elOf(l)?.[f.key])} → ${val(back)}`;
      }),
    });
  }
  const counted = (key: 'defects' | 'ions', label: string) => {
    if (layers.some((l) => arr(elOf(l)?.[key]).length))
      rows.push({ key, label, values: layers.map((l) => String(arr(elOf(l)?.[key]).length || '-')) });
  };
  counted('defects', t('library.spec.defects'));
  counted('ions', t('library.spec.ions'));
  if (layers.some((l) => elOf(l)?.ctDissociation || elOf(l)?.excitonDiffusion))
    rows.push({
      key: 'excitons',
      label: t('library.spec.excitons'),
      values: layers.map((l) =>
        elOf(l)?.ctDissociation
          ? t('library.spec.ctDissociation')
          : elOf(l)?.excitonDiffusion
            ? t('library.spec.excitonDiffusion')
            : '-',
      ),
    });
  if (layers.some((l) => gradedBack(elOf(l))))
    rows.push({
      key: 'grading',
      label: t('editor.el.graded'),
      values: layers.map((l) => (gradedBack(elOf(l)) ? t('library.spec.yes') : '-')),
    });
  if (layers.some((l) => elOf(l)?.generatesCarriers === false))
    rows.push({
      key: 'generatesCarriers',
      label: t('editor.el.generatesCarriers'),
      values: layers.map((l) =>
        !elOf(l) ? '-' : elOf(l)?.generatesCarriers === false ? t('library.spec.no') : t('library.spec.yes'),
      ),
    });
  rows.push({
    key: 'electrical',
    label: t('editor.field.hasElectrical'),
    values: layers.map((l) => (elOf(l) ? t('library.spec.yes') : t('library.spec.opticalOnly'))),
  });

  const contacts = el && isObj(el.contacts) ? el.contacts : undefined;
  const contact = (c: unknown) => {
    if (!isObj(c)) return '-';
    const kind = c.kind === 'schottky' ? t('editor.contact.schottky') : t('editor.contact.ohmic');
    const parts = [kind];
    const wf = wordsOf('electrical.contacts.*.workFunctionEV', lang);
    if (c.workFunctionEV !== undefined) parts.push(`${wf.label} ${val(c.workFunctionEV, wf.unit)}`);
    const sn = wordsOf('electrical.contacts.*.sNCmPerS', lang);
    const sp = wordsOf('electrical.contacts.*.sPCmPerS', lang);
    const s = (v: unknown, unit: string) => (v === null || v === undefined ? '∞' : val(v, unit));
    parts.push(`${sn.label} ${s(c.sNCmPerS, sn.unit)}`, `${sp.label} ${s(c.sPCmPerS, sp.unit)}`);
    return parts.join(t('library.spec.sep'));
  };

  const ifSn = wordsOf('electrical.interfaces[].sNCmPerS', lang);
  const ifSp = wordsOf('electrical.interfaces[].sPCmPerS', lang);
  const spectrum = isObj(ill?.spectrum) ? ill.spectrum : undefined;
  const wl = isObj(ill?.wavelength) ? ill.wavelength : undefined;
  const sweep = el && isObj(el.voltageSweep) ? el.voltageSweep : undefined;
  const generation = el && isObj(el.generation) ? el.generation : undefined;
  const analyses = (
    ['transient', 'impedance', 'capacitanceVoltage', 'capacitanceFrequency', 'tandem', 'defectLosses'] as const
  ).filter((k) => el?.[k]);
  const settings: { key: string; label: string; children: ReactNode }[] = [
    {
      key: 'spectrum',
      label: t('editor.field.spectrum'),
      children: spectrum ? String(spectrum.id ?? spectrum.kind ?? '-') : t('library.spec.dark'),
    },
    ...(ill
      ? [{ key: 'suns', label: wordsOf('illumination.suns', lang).label, children: val(ill.suns ?? 1, 'sun') }]
      : []),
    ...(wl
      ? [
          {
            key: 'wavelength',
            label: t('library.spec.wavelengthRange'),
            children: `${val(wl.startNm)} – ${val(wl.endNm)} nm, ${wordsOf('illumination.wavelength.stepNm', lang).name} ${val(wl.stepNm ?? 1, 'nm')}`,
          },
        ]
      : []),
    ...(el
      ? [
          {
            key: 'temperature',
            label: wordsOf('electrical.temperatureK', lang).label,
            children: val(el.temperatureK ?? 300, wordsOf('electrical.temperatureK', lang).unit),
          },
          {
            key: 'statistics',
            label: t('editor.el.statistics'),
            children: el.statistics === 'fermi-dirac' ? t('editor.el.fermiDirac') : t('editor.el.boltzmann'),
          },
          {
            key: 'sweep',
            label: t('editor.section.sweep'),
            children: sweep ? `${val(sweep.startV)} → ${val(sweep.stopV)} V, ${val(sweep.stepV, 'V')}` : '-',
          },
          {
            key: 'extendToVoc',
            label: t('editor.el.extendToVoc'),
            children: el.extendToVoc ? t('library.spec.yes') : t('library.spec.no'),
          },
          {
            key: 'generation',
            label: t('editor.el.generation'),
            children: !generation
              ? t('library.spec.defaultValue', { v: ill ? t('editor.el.genOptical') : t('editor.el.genDark') })
              : generation.kind === 'uniform'
                ? `${t('editor.el.genUniform')} ${val(generation.gCm3PerS, 'cm⁻³ s⁻¹')}`
                : generation.kind === 'beer-lambert'
                  ? t('editor.el.genBeer')
                  : generation.kind === 'profile'
                    ? `${t('editor.el.genProfile')} (${arr(generation.xNm).length})`
                    : generation.kind === 'dark'
                      ? t('editor.el.genDark')
                      : t('editor.el.genOptical'),
          },
          {
            key: 'rs',
            label: withUnit(wordsOf('electrical.rsOhmCm2', lang)),
            children: val(el.rsOhmCm2 ?? 0),
          },
          {
            key: 'rsh',
            label: withUnit(wordsOf('electrical.rshOhmCm2', lang)),
            children: typeof el.rshOhmCm2 === 'number' ? val(el.rshOhmCm2) : '∞',
          },
          {
            key: 'grid',
            label: wordsOf('electrical.gridPoints', lang).label,
            children: el.gridPoints === undefined ? t('library.spec.defaultValue', { v: 400 }) : val(el.gridPoints),
          },
          {
            key: 'darkJV',
            label: t('editor.el.darkJV'),
            children: el.darkJV ? t('library.spec.yes') : t('library.spec.no'),
          },
          { key: 'eqe', label: t('editor.el.eqe'), children: el.eqe ? t('library.spec.yes') : t('library.spec.no') },
          {
            key: 'analyses',
            label: t('library.spec.analyses'),
            children: analyses.length
              ? analyses.map((k) => t(`library.spec.analysis.${k}`)).join(t('library.spec.listSep'))
              : '-',
          },
        ]
      : []),
  ];
  const interfaces = el ? arr(el.interfaces).filter(isObj) : [];

  return (
    <div data-testid="device-spec-view">
      <Typography.Title level={5}>{t('library.dev.layers')}</Typography.Title>
      <Table<ParamRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        data-testid="device-layers"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('library.spec.parameter'), dataIndex: 'label', fixed: 'left', width: 170 },
          ...stack.map((l, i) => ({
            title: l.name,
            key: `l${i}`,
            align: 'right' as const,
            render: (_: unknown, r: ParamRow) => r.values[i],
          })),
        ]}
      />
      {interfaces.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('editor.section.interfaces')}
          </Typography.Title>
          <Descriptions
            column={1}
            size="small"
            bordered
            data-testid="device-spec-interfaces"
            styles={{ label: { whiteSpace: 'nowrap' } }}
          >
            {interfaces.map((f) => (
              // An interface is named by the two layers it joins: one interface per pair.
              <Descriptions.Item
                key={arr(f.between).map(String).join('\u0000')}
                label={arr(f.between).map(String).join(' / ')}
              >
                {[
                  `${ifSn.label} ${val(f.sNCmPerS, ifSn.unit)}`,
                  `${ifSp.label} ${val(f.sPCmPerS, ifSp.unit)}`,
                  ...(f.ntCm2 !== undefined
                    ? [`${wordsOf('electrical.interfaces[].ntCm2', lang).label} ${val(f.ntCm2, 'cm⁻²')}`]
                    : []),
                  ...(f.thermionic ? [t('editor.el.interfaceThermionic')] : []),
                  ...(f.tunnelOxide ? [t('library.spec.tunnelOxide')] : []),
                  ...(arr(f.defects).length ? [`${t('library.spec.defects')} ${arr(f.defects).length}`] : []),
                ].join(t('library.spec.sep'))}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      )}
      {contacts && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('editor.section.contacts')}
          </Typography.Title>
          <Descriptions
            column={1}
            size="small"
            bordered
            data-testid="device-spec-contacts"
            styles={{ label: { width: 180, whiteSpace: 'nowrap' } }}
          >
            <Descriptions.Item label={t('editor.contact.front')}>{contact(contacts.front)}</Descriptions.Item>
            <Descriptions.Item label={t('editor.contact.back')}>{contact(contacts.back)}</Descriptions.Item>
            <Descriptions.Item label={t('editor.contact.anode')}>
              {contacts.anode === 'back' ? t('editor.contact.anodeBack') : t('editor.contact.anodeFront')}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('library.spec.settings')}
      </Typography.Title>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={settings}
        data-testid="device-spec-settings"
        styles={{ label: { width: 180, whiteSpace: 'nowrap' } }}
      />
    </div>
  );
}
