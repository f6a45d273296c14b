import type { OpticalModelSpec } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Input, Row, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nkIndex } from '../../api/editor';
import { fieldId, useEditor } from './context';
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

type Kind = 'table' | 'constant' | 'tabulated' | 'other';

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
export function OpticalEditor({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation();
  const { state, set, disabled, errors } = useEditor();
  const model = getAt(state, path) as OpticalModelSpec | undefined;
  const own = errors.get(path)?.join('; ');
  const nk = useNkIndex();
  const kind: Kind =
    model?.kind === 'table' || model?.kind === 'constant' || model?.kind === 'tabulated' ? model.kind : 'other';
  const [text, setText] = useState(model?.kind === 'tabulated' ? tableToText(model) : '');
  const [bad, setBad] = useState(false);
  useEffect(() => {
    if (model?.kind === 'tabulated') setText((cur) => (textToTable(cur) ? cur : tableToText(model)));
  }, [model]);

  const changeKind = (k: Kind) => {
    if (k === 'table') set(path, { kind: 'table', materialId: nk.data?.[0]?.id ?? 'glass_soda_lime' });
    else if (k === 'constant') set(path, { kind: 'constant', n: 1.5, k: 0 });
    else if (k === 'tabulated') {
      const tab = { kind: 'tabulated', wavelengthNm: [300, 1600], n: [2, 2], k: [0, 0] };
      setText(tableToText(tab));
      set(path, tab);
    }
  };
  const kinds: { value: Kind; label: string }[] = [
    { value: 'table', label: t('editor.field.opticalKind.table') },
    { value: 'constant', label: t('editor.field.opticalKind.constant') },
    { value: 'tabulated', label: t('editor.field.opticalKind.tabulated') },
  ];
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
      {(model?.kind === 'table' || model?.kind === 'tabulated') && (
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
}
