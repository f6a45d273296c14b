import { UploadOutlined } from '@ant-design/icons';
import type { OpticalModelSpec } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Input, Row, Select, Typography, Upload } from 'antd';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nkIndex } from '../../api/editor';
import { currentLang } from '../../i18n';
import { loadInterop, sourceFiles } from '../interop/files';
import { fieldId, useEditorRead, useEditorSelect, useEditorSet } from './context';
import { Field, NumField } from './fields';
import { getAt, type TableSpans } from './model';

export function useNkIndex() {
  return useQuery({ queryKey: ['editor', 'nk-index'], queryFn: nkIndex, staleTime: Number.POSITIVE_INFINITY });
}

/** The wavelength span of each shipped n,k table (empty until the index has loaded). */
export function useTableSpans(): TableSpans {
  const q = useNkIndex();
  return useMemo(
    () => new Map((q.data ?? []).map((e) => [e.id, { minNm: e.wl_min_nm, maxNm: e.wl_max_nm }])),
    [q.data],
  );
}

const LinePlot = lazy(() => import('../plots/LinePlot'));

type Kind = 'table' | 'constant' | 'tabulated' | 'sqrt-law' | 'absorption-table' | 'other';
const KINDS: readonly Kind[] = ['table', 'constant', 'tabulated', 'sqrt-law', 'absorption-table'];
/** The words of each kind (i18n keys under editor.field.opticalKind). */
const KIND_WORD: Record<Exclude<Kind, 'other'>, string> = {
  table: 'table',
  constant: 'constant',
  tabulated: 'tabulated',
  'sqrt-law': 'sqrtLaw',
  'absorption-table': 'absorptionTable',
};

/** The kind of a model as the select shows it. */
export function opticalKindOf(model: { kind?: unknown } | undefined): Kind {
  return (KINDS as readonly unknown[]).includes(model?.kind) ? (model!.kind as Kind) : 'other';
}

/**
 * A new model of `kind` for a layer switched to it. The square-root law starts at the layer's own
 * gap when it has one (SCAPS's law has its edge there) and A = 1e5, SCAPS's usual order; a new
 * absorption table absorbs nothing until a .abs file is uploaded (the form says so).
 */
export function newOpticalModel(kind: Exclude<Kind, 'other' | 'table'>, layerGapEV?: number): OpticalModelSpec {
  switch (kind) {
    case 'constant':
      return { kind: 'constant', n: 1.5, k: 0 };
    case 'tabulated':
      return { kind: 'tabulated', wavelengthNm: [300, 1600], n: [2, 2], k: [0, 0] };
    case 'sqrt-law':
      return {
        kind: 'sqrt-law',
        n: 2.5,
        egEV: typeof layerGapEV === 'number' && layerGapEV > 0 ? layerGapEV : 1.5,
        aPerCmSqrtEV: 1e5,
      };
    case 'absorption-table':
      return { kind: 'absorption-table', n: 2, wavelengthNm: [300, 1600], alphaPerCm: [0, 0] };
  }
}

/** Inline n,k table as text, one "wavelength, n, k" per line. */
export function tableToText(m: { wavelengthNm: number[]; n: number[]; k: number[] }): string {
  return m.wavelengthNm.map((w, i) => `${w}, ${m.n[i]}, ${m.k[i]}`).join('\n');
}

/** Parses the inline table; undefined when a line is not three numbers or wavelengths do not increase. */
export function textToTable(text: string): { wavelengthNm: number[]; n: number[]; k: number[] } | undefined {
  const rows = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const w: number[] = [];
  const n: number[] = [];
  const k: number[] = [];
  for (const r of rows) {
    const c = r.split(/[\s,;\t]+/).map(Number);
    if (c.length < 3 || c.slice(0, 3).some((x) => !Number.isFinite(x))) return undefined;
    if (w.length && c[0]! <= w[w.length - 1]!) return undefined;
    w.push(c[0]!);
    n.push(c[1]!);
    k.push(c[2]!);
  }
  return w.length ? { wavelengthNm: w, n, k } : undefined;
}

/** The optical model of a layer or of a medium: a shipped n,k table, constant n,k, or an inline table. */
export const OpticalEditor = memo(function OpticalEditor({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const read = useEditorRead();
  const disabled = useEditorSelect((c) => c.disabled);
  const model = useEditorSelect((c) => getAt(c.state, path)) as OpticalModelSpec | undefined;
  const own = useEditorSelect((c) => c.errors.get(path)?.join('; '));
  const nk = useNkIndex();
  const kind = opticalKindOf(model);
  const [text, setText] = useState(model?.kind === 'tabulated' ? tableToText(model) : '');
  const [bad, setBad] = useState(false);
  useEffect(() => {
    if (model?.kind === 'tabulated') setText((cur) => (textToTable(cur) ? cur : tableToText(model)));
  }, [model]);

  const changeKind = (k: Kind) => {
    if (k === 'other') return;
    if (k === 'table') {
      set(path, { kind: 'table', materialId: nk.data?.[0]?.id ?? 'glass_soda_lime' });
      return;
    }
    // a layer's optics sits beside its electrical block: the square-root law starts at its gap
    const gap = getAt(read().state, path.replace(/optical$/, 'electrical.egEV'));
    const next = newOpticalModel(k, typeof gap === 'number' ? gap : undefined);
    if (next.kind === 'tabulated') setText(tableToText(next));
    set(path, next);
  };
  const kinds: { value: Kind; label: string }[] = KINDS.map((k) => ({
    value: k,
    label: t(`editor.field.opticalKind.${KIND_WORD[k as Exclude<Kind, 'other'>]}`),
  }));
  if (kind === 'other')
    kinds.push({ value: 'other', label: t('editor.field.opticalKind.other', { kind: model?.kind ?? '?' }) });
  return (
    <div className="dev-optical" data-testid={`optical-${path}`}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Field path={`${path}.kind`} label={label} local={own}>
            <Select<Kind>
              id={fieldId(`${path}.kind`)}
              value={kind}
              options={kinds}
              disabled={disabled}
              onChange={changeKind}
              data-testid={`select-${path}.kind`}
            />
          </Field>
        </Col>
        {model?.kind === 'table' && (
          <Col xs={24} md={12}>
            <Field path={`${path}.materialId`} label={t('editor.field.materialId')}>
              <Select
                id={fieldId(`${path}.materialId`)}
                showSearch
                optionFilterProp="label"
                value={model.materialId}
                loading={nk.isLoading}
                disabled={disabled}
                options={(nk.data ?? []).map((m) => ({
                  value: m.id,
                  label: `${m.name} (${m.wl_min_nm}-${m.wl_max_nm} nm)`,
                }))}
                onChange={(id) => set(`${path}.materialId`, id)}
                data-testid={`select-${path}.materialId`}
              />
            </Field>
          </Col>
        )}
      </Row>
      {model?.kind === 'constant' && (
        <Row gutter={12}>
          <Col xs={12}>
            <NumField path={`${path}.n`} label={t('editor.field.n')} />
          </Col>
          <Col xs={12}>
            <NumField path={`${path}.k`} label={t('editor.field.k')} />
          </Col>
        </Row>
      )}
      {model?.kind === 'tabulated' && (
        <Field
          path={`${path}.wavelengthNm`}
          label={t('editor.field.inlineTable')}
          local={bad ? t('editor.field.inlineTableInvalid') : undefined}
        >
          <Input.TextArea
            id={fieldId(`${path}.wavelengthNm`)}
            value={text}
            autoSize={{ minRows: 3, maxRows: 8 }}
            disabled={disabled}
            onChange={(e) => {
              setText(e.target.value);
              const tab = textToTable(e.target.value);
              setBad(!tab);
              if (tab) set(path, { ...model, ...tab });
            }}
          />
        </Field>
      )}
      {model?.kind === 'sqrt-law' && (
        <Row gutter={12} data-testid={`sqrt-law-${path}`}>
          <Col xs={12} md={6}>
            <NumField
              path={`${path}.egEV`}
              label={t('editor.field.absorption.egEV')}
              unit="eV"
              tip={t('editor.field.absorption.egTip')}
            />
          </Col>
          <Col xs={12} md={6}>
            <NumField
              path={`${path}.aPerCmSqrtEV`}
              label={t('editor.field.absorption.a')}
              unit="cm⁻¹ eV⁻¹ᐟ²"
              tip={t('editor.field.absorption.aTip')}
            />
          </Col>
          <Col xs={12} md={6}>
            <NumField
              path={`${path}.bSqrtEVPerCm`}
              label={t('editor.field.absorption.b')}
              unit="cm⁻¹ eV¹ᐟ²"
              tip={t('editor.field.absorption.bTip')}
              placeholder="0"
            />
          </Col>
          <Col xs={12} md={6}>
            <NumField
              path={`${path}.n`}
              label={t('editor.field.absorption.nConst')}
              tip={t('editor.field.absorption.nConstTip')}
            />
          </Col>
        </Row>
      )}
      {model?.kind === 'absorption-table' && <AbsorptionTable path={path} model={model} />}
      {(model?.kind === 'table' || model?.kind === 'tabulated' || model?.kind === 'absorption-table') && (
        <Field path={`${path}.extrapolation`} label={t('editor.field.extrapolation')}>
          <Select
            id={fieldId(`${path}.extrapolation`)}
            value={model.extrapolation ?? 'none'}
            disabled={disabled}
            options={(['none', 'hold', 'transparent'] as const).map((v) => ({
              value: v,
              label: t(`editor.field.extrapolationOpt.${v}`),
            }))}
            onChange={(v) => set(`${path}.extrapolation`, v === 'none' ? undefined : v)}
            data-testid={`select-${path}.extrapolation`}
          />
        </Field>
      )}
      {kind === 'other' && (
        <Typography.Text type="secondary" code>
          {JSON.stringify(model).slice(0, 300)}
        </Typography.Text>
      )}
    </div>
  );
});

type AbsorptionTableModel = Extract<OpticalModelSpec, { kind: 'absorption-table' }>;

/**
 * An absorption coefficient table (a SCAPS .abs file): its span, a plot of alpha against
 * wavelength (log alpha, exportable like every plot), its constant n, and a button that replaces
 * the table by another .abs file read by the interop package's reader, the one the import uses.
 */
function AbsorptionTable({ path, model }: { path: string; model: AbsorptionTableModel }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const w = model.wavelengthNm;
  const absorbs = model.alphaPerCm.some((a) => a > 0);
  const replace = async (file: File) => {
    try {
      const [interop, [source]] = await Promise.all([loadInterop(), sourceFiles([file])]);
      if (!source) return;
      const r = interop.readAbsorptionFile(source);
      if (r.error) {
        setNote({ ok: false, text: interop.wordInterop(r.error, currentLang()) });
        return;
      }
      set(path, { ...model, name: file.name, wavelengthNm: r.table.wavelengthNm, alphaPerCm: r.table.alphaPerCm });
      setNote({
        ok: true,
        text: t('editor.field.absorption.replaced', { name: file.name, count: r.table.wavelengthNm.length }),
      });
    } catch (e) {
      setNote({ ok: false, text: t('interop.import.failed', { msg: e instanceof Error ? e.message : String(e) }) });
    }
  };
  return (
    <div data-testid={`absorption-table-${path}`}>
      <Field
        path={`${path}.wavelengthNm`}
        label={t('editor.field.absorption.table')}
        local={note && !note.ok ? note.text : !absorbs ? t('editor.field.absorption.empty') : undefined}
      >
        <Typography.Text type="secondary" data-testid={`absorption-table-summary-${path}`}>
          {t('editor.field.absorption.points', { count: w.length, from: w[0], to: w[w.length - 1] })}
          {model.name ? ` · ${t('editor.field.absorption.source', { name: model.name })}` : ''}
          {note?.ok ? ` · ${note.text}` : ''}
        </Typography.Text>
        <div>
          <Upload
            accept=".abs,.txt,.dat"
            showUploadList={false}
            disabled={disabled}
            beforeUpload={(f) => {
              void replace(f);
              return false;
            }}
          >
            <Button
              size="small"
              icon={<UploadOutlined />}
              title={t('editor.field.absorption.uploadTip')}
              data-testid={`absorption-upload-${path}`}
            >
              {t('editor.field.absorption.upload')}
            </Button>
          </Upload>
        </div>
      </Field>
      {absorbs && (
        <Suspense fallback={null}>
          <LinePlot
            testid={`absorption-plot-${path}`}
            title={t('editor.field.absorption.plotTitle')}
            fileName={`alpha-${model.name ?? 'table'}`}
            x={{ label: t('editor.field.absorption.wavelength'), unit: 'nm' }}
            y={{ label: t('editor.field.absorption.alpha'), unit: 'cm⁻¹', log: true }}
            series={[{ name: model.name ?? t('editor.field.absorption.table'), x: w, y: model.alphaPerCm }]}
            height={200}
            logToggle
          />
        </Suspense>
      )}
      <NumField
        path={`${path}.n`}
        label={t('editor.field.absorption.nConst')}
        tip={t('editor.field.absorption.nConstTip')}
      />
    </div>
  );
}
