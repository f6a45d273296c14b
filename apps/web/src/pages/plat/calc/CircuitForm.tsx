import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { circuitApi, fetchSpectrum, spectrumJobArrays } from '../../../api/circuit';
import { ApiError, NetworkError } from '../../../api/client';
import { ChargeNotice, confirmCharge, useChargeQuote } from '../../../components/ChargeConfirm';
import { PageHeader } from '../../../components/PageHeader';
import { QueuePriority } from '../../../components/QueuePriority';
import { CircuitCurveInput, type CurveState } from './CircuitCurveInput';
import { CircuitCurveList, type CurveEntry, newCurveEntry } from './CircuitCurveList';
import {
  ABSORBER_PARAMS,
  buildJob,
  type CircuitMode,
  type CircuitVariant,
  checkCurveLight,
  checkParam,
  checkRange,
  checkTemperature,
  checkVoltage,
  FIT_LIMITS,
  type FitModel,
  type FormValues,
  type FreeRates,
  fitLimits,
  fmt,
  freeRates,
  KNOWN_FIELDS,
  KNOWNS_DEFAULT,
  type KnownsValues,
  type ParamDef,
  type ParseChoice,
  type Problem,
  previewCurve,
  type RangeDef,
  SIM_PARAMS,
  TEMPERATURE_DEFAULT,
  VOLTAGE_DEFAULT,
  valuesFromJob,
} from './CircuitModel';
import { CalcProgressCard, resultPath } from './CircuitProgress';

type SpectrumChoice = 'am15g_1nm_300_1600.csv' | 'am15d.csv' | 'am0.csv' | 'custom';
type Spectrum = { wavelengthNm: number[]; irradianceWm2Nm: number[] };

function defaults(variant: CircuitVariant): FormValues {
  const models: FitModel[] = variant === 'circle2' ? ['modified'] : ['sdm', '2dm'];
  const params: Record<string, string> = {};
  const ranges: Record<string, { lo: string; hi: string }> = {};
  for (const m of models) {
    for (const d of SIM_PARAMS[m]) params[d.key] ??= d.value === null ? '' : fmt(d.value);
    for (const r of FIT_LIMITS[m]) ranges[r.key] ??= { lo: fmt(r.lo), hi: fmt(r.hi) };
  }
  return {
    name: '',
    mode: 'fit',
    model: variant === 'circle2' ? 'modified' : 'sdm',
    tK: String(TEMPERATURE_DEFAULT),
    pin: '100',
    params,
    absorber: Object.fromEntries(ABSORBER_PARAMS.map((d) => [d.key, fmt(d.value ?? 0)])),
    voltage: {
      start: String(VOLTAGE_DEFAULT.start),
      stop: String(VOLTAGE_DEFAULT.stop),
      points: String(VOLTAGE_DEFAULT.points),
    },
    ranges,
    knowns: { ...KNOWNS_DEFAULT },
    // the modified-diode method fits n_if (fittingMD.m); untick to hold it at 1
    fitInterfaceIdeality: variant === 'circle2',
    losses: variant === 'circle2',
  };
}

/** A form rule from one of CircuitModel's checks. */
function useRule() {
  const { t } = useTranslation();
  return useCallback(
    (check: (v: unknown) => Problem | undefined) => ({
      validator: (_: unknown, value: unknown) => {
        const p = check(value);
        return p ? Promise.reject(new Error(t(`circuit.err.${p.key}`, p.values))) : Promise.resolve();
      },
    }),
    [t],
  );
}

function ParamFields({
  defs,
  group,
  testPrefix,
}: {
  defs: ParamDef[];
  group: 'params' | 'absorber';
  testPrefix: string;
}) {
  const { t } = useTranslation();
  const rule = useRule();
  return (
    <Row gutter={16}>
      {defs.map((d) => (
        <Col xs={24} md={12} lg={8} key={d.key}>
          <Form.Item
            name={[group, d.key]}
            label={t(`circuit.param.${d.key}`)}
            tooltip={t(`circuit.param.${d.key}Tip`)}
            rules={[rule((v) => checkParam(d, v))]}
          >
            <Input addonAfter={d.unit || '—'} data-testid={`${testPrefix}-${d.key}`} inputMode="decimal" />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** The choices of what is known of bulk SRH and Auger: [value, label key]. */
const KNOWN_CHOICES: { name: 'bulk' | 'auger'; options: [string, string][] }[] = [
  {
    name: 'bulk',
    options: [
      ['lifetime', 'bulkLifetime'],
      ['yBulk', 'bulkY'],
      ['fit', 'bulkFit'],
    ],
  },
  {
    name: 'auger',
    options: [
      ['off', 'augerOff'],
      ['coefficient', 'augerC'],
      ['fit', 'augerFit'],
    ],
  },
];
/** The value field each choice asks for. */
const KNOWN_VALUE: Record<string, keyof typeof KNOWN_FIELDS | undefined> = {
  lifetime: 'tauBulkNs',
  yBulk: 'yBulkPerS',
  coefficient: 'cAugerCm6PerS',
};

/**
 * What is known of the absorber's recombination (calc/circle2 fits): the facts the split rests on,
 * with a short text saying so.
 */
function KnownsFields() {
  const { t } = useTranslation();
  const rule = useRule();
  const form = Form.useFormInstance<FormValues>();
  const k = (Form.useWatch('knowns', form) ?? KNOWNS_DEFAULT) as KnownsValues;
  const field = (key: keyof typeof KNOWN_FIELDS) => {
    const d = KNOWN_FIELDS[key];
    return (
      <Form.Item
        name={['knowns', key]}
        label={t(`circuit.knowns.${key}`)}
        tooltip={t(`circuit.knowns.${key}Tip`)}
        rules={[rule((v) => checkParam(d, v))]}
      >
        <Input addonAfter={d.unit} data-testid={`known-${key}`} inputMode="decimal" />
      </Form.Item>
    );
  };
  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t('circuit.knowns.explainTitle')}
        description={t('circuit.knowns.explain')}
        className="form-hint"
        data-testid="knowns-explain"
      />
      <Row gutter={16}>
        {KNOWN_CHOICES.map(({ name, options }) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item name={['knowns', name]} label={t(`circuit.knowns.${name}`)}>
              <Radio.Group data-testid={`known-${name}`}>
                {options.map(([value, label]) => (
                  <Radio key={value} value={value} data-testid={`known-${name}-${value}`}>
                    {t(`circuit.knowns.${label}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            {k[name] === 'fit' ? (
              <Alert
                type="warning"
                showIcon
                title={t('circuit.knowns.freeWarning')}
                data-testid={`known-${name}-warning`}
              />
            ) : (
              KNOWN_VALUE[k[name]] && field(KNOWN_VALUE[k[name]]!)
            )}
          </Col>
        ))}
      </Row>
    </>
  );
}

function RangeTable({ model, jFirst, free }: { model: FitModel; jFirst: number | undefined; free?: FreeRates }) {
  const { t } = useTranslation();
  const rule = useRule();
  const form = Form.useFormInstance<FormValues>();
  const rows: RangeDef[] = fitLimits(model, jFirst, free);
  const jphPending = model !== 'modified' && jFirst === undefined;
  const cell = (d: RangeDef, end: 'lo' | 'hi') => (
    <Form.Item
      name={['ranges', d.key, end]}
      noStyle={false}
      style={{ marginBottom: 0 }}
      dependencies={[['ranges', d.key, end === 'lo' ? 'hi' : 'lo']]}
      rules={[
        rule(() => {
          const r = form.getFieldValue(['ranges', d.key]) as { lo?: string; hi?: string } | undefined;
          return checkRange(d, r?.lo, r?.hi);
        }),
      ]}
    >
      <Input
        aria-label={`${t(`circuit.param.${d.key}`)} ${t(end === 'lo' ? 'circuit.form.rangeLo' : 'circuit.form.rangeHi')}`}
        data-testid={`range-${d.key}-${end}`}
        inputMode="decimal"
      />
    </Form.Item>
  );
  return (
    <>
      <Table<RangeDef>
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        data-testid="fit-ranges"
        columns={[
          {
            title: t('circuit.form.rangeParam'),
            key: 'p',
            render: (_, d) => (
              <span>
                {t(`circuit.param.${d.key}`)} {d.unit && <Typography.Text type="secondary">({d.unit})</Typography.Text>}
              </span>
            ),
          },
          { title: t('circuit.form.rangeLo'), key: 'lo', render: (_, d) => cell(d, 'lo') },
          { title: t('circuit.form.rangeHi'), key: 'hi', render: (_, d) => cell(d, 'hi') },
        ]}
      />
      {jphPending && (
        <Typography.Paragraph type="secondary" className="form-hint">
          {t('circuit.param.jphMaCm2')}: {t('circuit.form.rangeJphPending')}
        </Typography.Paragraph>
      )}
      {model === 'modified' && (
        <Typography.Paragraph type="secondary" className="form-hint">
          {t('circuit.form.rangeJphPerCurve')}
        </Typography.Paragraph>
      )}
    </>
  );
}

/** calc/circle (traditional models) and calc/circle2 (modified diode model with loss quantification). */
export function CircuitForm({ variant }: { variant: CircuitVariant }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const rule = useRule();
  const [params] = useSearchParams();
  const calcParam = Number(params.get('calc'));
  const calcId = Number.isInteger(calcParam) && calcParam > 0 ? calcParam : undefined;
  const [form] = Form.useForm<FormValues>();
  const initial = useMemo(() => defaults(variant), [variant]);
  const mode = (Form.useWatch('mode', form) ?? initial.mode) as CircuitMode;
  const model = (Form.useWatch('model', form) ?? initial.model) as FitModel;
  const lossesOn = (Form.useWatch('losses', form) ?? initial.losses) as boolean;
  const knowns = (Form.useWatch('knowns', form) ?? initial.knowns) as KnownsValues;
  const [curve, setCurve] = useState<CurveState>({});
  // calc/circle2: the curves of the device (several light intensities, light and dark)
  const [entries, setEntries] = useState<CurveEntry[]>(() => [newCurveEntry()]);
  const [showCurveErrors, setShowCurveErrors] = useState(false);
  const [choice, setChoice] = useState<ParseChoice>({});
  const [curveError, setCurveError] = useState<string | undefined>(undefined);
  const [spectrumChoice, setSpectrumChoice] = useState<SpectrumChoice>('am15g_1nm_300_1600.csv');
  const [customSpectrum, setCustomSpectrum] = useState<Spectrum | undefined>(undefined);
  const [spectrumError, setSpectrumError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [priority, setPriority] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState<number | undefined>(undefined);
  const listPath = '/plat/calc/circleList';
  const fitModel: FitModel = variant === 'circle2' ? 'modified' : model;
  // What the submission will be charged, by the server's rule: shown beside the button, confirmed on submit.
  const chargeWhat = {
    kind: variant,
    mode,
    waterfall: variant === 'circle2' && mode === 'fit' && lossesOn,
    priority,
  };
  const quote = useChargeQuote(chargeWhat);

  const preview = useMemo(
    () => (curve.source ? previewCurve(curve.source, choice) : undefined),
    [curve.source, choice],
  );
  const jFirst = preview?.ok ? preview.jFirst : undefined;
  const previews = useMemo(
    () => entries.map((e) => (e.curve.source ? previewCurve(e.curve.source, e.choice) : undefined)),
    [entries],
  );

  // The photocurrent range follows the first data point (spec §9: ±5 mA/cm²).
  useEffect(() => {
    if (jFirst === undefined) return;
    const d = fitLimits(fitModel, jFirst)[0];
    if (d) form.setFieldValue(['ranges', 'jphMaCm2'], { lo: fmt(d.lo), hi: fmt(d.hi) });
  }, [jFirst, fitModel, form]);

  // "Duplicate and edit": ?calc=<id> prefills from the stored input.
  const source = useQuery({
    queryKey: ['calcData', calcId],
    enabled: calcId !== undefined,
    queryFn: () => circuitApi.calcData(calcId as number),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const wrongKind = source.data && source.data.record.kind !== variant;
  useEffect(() => {
    if (!source.data || source.data.record.kind !== variant) return;
    const { values, curve: c, parse, curves } = valuesFromJob(variant, source.data.input);
    const base = defaults(variant);
    form.setFieldsValue({
      ...base,
      ...values,
      name: source.data.record.name,
      params: { ...base.params, ...values.params },
      absorber: { ...base.absorber, ...values.absorber },
      voltage: { ...base.voltage, ...values.voltage },
      ranges: { ...base.ranges, ...values.ranges },
    });
    if (c) setCurve({ source: c, label: `#${source.data.record.id}` });
    if (parse) setChoice(parse);
    if (curves?.length)
      setEntries(
        curves.map((x) =>
          newCurveEntry(
            { source: x.source, label: x.label },
            { choice: x.parse ?? {}, name: x.label, pin: x.pin, suns: x.suns },
          ),
        ),
      );
  }, [source.data, variant, form]);

  const needsSpectrum = variant === 'circle2' && (mode === 'losses' || (mode === 'fit' && lossesOn));

  const spectrum = async (): Promise<Spectrum | undefined> => {
    if (!needsSpectrum) return undefined;
    if (spectrumChoice === 'custom') {
      if (!customSpectrum) throw new SpectrumMissing();
      return customSpectrum;
    }
    return fetchSpectrum(spectrumChoice);
  };

  const onFinish = async () => {
    setServerErrors([]);
    const values = form.getFieldsValue(true) as FormValues;
    if (values.mode === 'fit' && variant === 'circle') {
      if (!curve.source) {
        setCurveError(t('circuit.curve.required'));
        message.error(t('circuit.form.invalid'));
        return;
      }
      if (!preview?.ok) {
        message.error(t('circuit.form.invalid'));
        return;
      }
    }
    if (values.mode === 'fit' && variant === 'circle2') {
      // every curve read by the parser, and its light stated, before anything is queued
      const bad = entries.some((e, k) => {
        const p = previews[k];
        if (!e.curve.source || !p?.ok) return true;
        const light = checkCurveLight(e, p.curve.detected.illumination === 'dark');
        return light.pin !== undefined || light.suns !== undefined;
      });
      if (bad) {
        setShowCurveErrors(true);
        message.error(t('circuit.form.invalid'));
        return;
      }
    }
    setCurveError(undefined);
    setBusy(true);
    try {
      let spec: Spectrum | undefined;
      try {
        spec = await spectrum();
      } catch (e) {
        const msg =
          e instanceof SpectrumMissing ? t('circuit.form.spectrumFileBad') : t('circuit.form.spectrumLoadFailed');
        setSpectrumError(msg);
        message.error(msg);
        return;
      }
      const job = buildJob(variant, values, {
        curve: curve.source,
        parse: choice,
        jFirst,
        curves: entries.flatMap((e) =>
          e.curve.source
            ? [
                {
                  source: e.curve.source,
                  parse: e.choice,
                  label: e.name.trim() || e.curve.label || '',
                  pin: e.pin,
                  suns: e.suns,
                },
              ]
            : [],
        ),
        spectrum: spec,
      });
      const modelName = t(
        variant === 'circle2'
          ? 'circuit.form.modelModified'
          : values.model === '2dm'
            ? 'circuit.form.model2dm'
            : 'circuit.form.modelSdm',
      );
      const firstLabel = variant === 'circle2' ? entries[0]?.name || entries[0]?.curve.label : curve.label;
      const what =
        values.mode === 'fit'
          ? entries.length > 1 && variant === 'circle2'
            ? t('circuit.curves.nameSeveral', { first: firstLabel, n: entries.length })
            : firstLabel
          : t(`circuit.form.mode${values.mode === 'simulate' ? 'Simulate' : 'Losses'}`);
      const name = (values.name?.trim() || [modelName, what].filter(Boolean).join(' · ')).slice(0, 100);
      if (!(await confirmCharge(modal, t, chargeWhat))) return;
      const { id } = await circuitApi.submitCircuit(variant, job, name, priority);
      message.success(t('circuit.form.submitted', { id }));
      setSubmitted(id);
    } catch (e) {
      if (e instanceof ApiError) {
        const data = e.answer.data as { errors?: string[] } | null;
        setServerErrors(data?.errors ?? []);
        message.error(t('circuit.form.failed', { msg: e.message }));
      } else if (e instanceof NetworkError) {
        message.error(t('common.networkError'));
      } else throw e;
    } finally {
      setBusy(false);
    }
  };

  const title = t(variant === 'circle' ? 'page.calcCircle' : 'page.calcCircle2');
  const subtitle = t(variant === 'circle' ? 'circuit.form.subtitleCircle' : 'circuit.form.subtitleCircle2');
  const modes: CircuitMode[] = variant === 'circle2' ? ['fit', 'simulate', 'losses'] : ['fit', 'simulate'];

  return (
    <div data-testid={`circuit-form-${variant}`}>
      <PageHeader title={title} subtitle={subtitle} />
      {calcId !== undefined && source.isPending && (
        <Alert type="info" showIcon message={t('circuit.form.loadingCalc', { id: calcId })} className="form-hint" />
      )}
      {calcId !== undefined && source.isError && (
        <Alert
          type="error"
          showIcon
          message={t('circuit.form.loadCalcFailed', { id: calcId, msg: source.error.message })}
          className="form-hint"
        />
      )}
      {wrongKind && (
        <Alert type="warning" showIcon message={t('circuit.form.wrongKind', { id: calcId })} className="form-hint" />
      )}
      {source.data && !wrongKind && (
        <Alert
          type="success"
          showIcon
          message={t('circuit.form.prefilled', { id: calcId })}
          className="form-hint"
          data-testid="circuit-prefilled"
        />
      )}
      <Form<FormValues>
        form={form}
        name={`circuit-${variant}`}
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        onFinishFailed={() => message.error(t('circuit.form.invalid'))}
        scrollToFirstError
      >
        <Card className="form-card wide">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="mode" label={t('circuit.form.mode')}>
                <Radio.Group data-testid="circuit-mode">
                  {modes.map((m) => (
                    <Radio key={m} value={m} data-testid={`circuit-mode-${m}`}>
                      {t(`circuit.form.mode${m[0]?.toUpperCase()}${m.slice(1)}`)}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {variant === 'circle' ? (
                <Form.Item name="model" label={t('circuit.form.model')} htmlFor="circuit-model">
                  <Select
                    id="circuit-model"
                    data-testid="circuit-model"
                    options={[
                      { value: 'sdm', label: t('circuit.form.modelSdm') },
                      { value: '2dm', label: t('circuit.form.model2dm') },
                    ]}
                  />
                </Form.Item>
              ) : (
                <Form.Item label={t('circuit.form.model')}>
                  <Typography.Text>{t('circuit.form.modelModified')}</Typography.Text>
                </Form.Item>
              )}
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('circuit.form.name')}>
                <Input maxLength={100} placeholder={t('circuit.form.namePlaceholder')} data-testid="circuit-name" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('circuit.form.conditions')} className="form-card wide">
          <Row gutter={16}>
            <Col xs={24} md={12} lg={8}>
              <Form.Item
                name="tK"
                label={t('circuit.form.temperature')}
                tooltip={t('circuit.form.temperatureTip')}
                rules={[rule(checkTemperature)]}
              >
                <Input addonAfter="K" data-testid="circuit-temperature" inputMode="decimal" />
              </Form.Item>
            </Col>
            {!(variant === 'circle2' && mode === 'fit') && (
              <Col xs={24} md={12} lg={8}>
                <Form.Item
                  name="pin"
                  label={t('circuit.form.pin')}
                  tooltip={t('circuit.form.pinTip')}
                  rules={[rule((v) => checkParam({ key: 'pin', unit: '', value: 100, positive: true }, v))]}
                >
                  <Input addonAfter="mW/cm²" data-testid="circuit-pin" inputMode="decimal" />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>

        {variant === 'circle2' && (
          <Card
            title={
              <span>
                {t('circuit.form.absorber')}{' '}
                <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
                  {t('circuit.form.absorberTip')}
                </Typography.Text>
              </span>
            }
            className="form-card wide"
          >
            <ParamFields defs={ABSORBER_PARAMS} group="absorber" testPrefix="absorber" />
            {mode === 'fit' && <KnownsFields />}
          </Card>
        )}

        {mode !== 'fit' && (
          <Card title={t('circuit.form.params')} className="form-card wide">
            <ParamFields defs={SIM_PARAMS[fitModel]} group="params" testPrefix="param" />
          </Card>
        )}

        {mode === 'simulate' && (
          <Card title={t('circuit.form.voltage')} className="form-card wide">
            <Row gutter={16}>
              {(['start', 'stop', 'points'] as const).map((k) => (
                <Col xs={24} md={8} key={k}>
                  <Form.Item
                    name={['voltage', k]}
                    label={t(`circuit.form.voltage${k[0]?.toUpperCase()}${k.slice(1)}`)}
                    dependencies={k === 'stop' ? [['voltage', 'start']] : undefined}
                    rules={[
                      rule(() => {
                        const v = form.getFieldValue('voltage') as FormValues['voltage'];
                        return checkVoltage(v)[k];
                      }),
                    ]}
                  >
                    <Input addonAfter={k === 'points' ? '—' : 'V'} data-testid={`voltage-${k}`} inputMode="decimal" />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Typography.Text type="secondary">{t('circuit.form.voltageHint')}</Typography.Text>
          </Card>
        )}

        {mode === 'fit' && (
          <>
            <Card
              title={t(variant === 'circle2' ? 'circuit.curves.cardTitle' : 'circuit.form.curve')}
              className="form-card wide"
            >
              {variant === 'circle2' ? (
                <CircuitCurveList
                  entries={entries}
                  onChange={setEntries}
                  previews={previews}
                  showErrors={showCurveErrors}
                  missing={t('circuit.curve.required')}
                />
              ) : (
                <CircuitCurveInput
                  curve={curve}
                  onCurve={(c) => {
                    setCurve(c);
                    setCurveError(undefined);
                  }}
                  choice={choice}
                  onChoice={setChoice}
                  preview={preview}
                  error={curveError}
                />
              )}
            </Card>
            <Card title={t('circuit.form.ranges')} className="form-card wide">
              <Typography.Paragraph type="secondary">{t('circuit.form.rangesHint')}</Typography.Paragraph>
              <RangeTable
                model={fitModel}
                jFirst={jFirst}
                free={variant === 'circle2' ? freeRates(knowns) : undefined}
              />
              {variant === 'circle2' && (
                <Form.Item name="fitInterfaceIdeality" valuePropName="checked" style={{ marginTop: 12 }}>
                  <Checkbox data-testid="fit-nif">{t('circuit.form.fitNif')}</Checkbox>
                </Form.Item>
              )}
            </Card>
          </>
        )}

        {variant === 'circle2' && mode !== 'simulate' && (
          <Card title={t('circuit.form.lossesSwitch')} className="form-card wide">
            {mode === 'fit' && (
              <Form.Item
                name="losses"
                valuePropName="checked"
                label={t('circuit.form.lossesSwitch')}
                tooltip={t('circuit.form.lossesTip')}
              >
                <Switch data-testid="circuit-losses" />
              </Form.Item>
            )}
            {needsSpectrum && (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Form.Item label={t('circuit.form.spectrum')} htmlFor="circuit-spectrum" style={{ marginBottom: 8 }}>
                  <Select<SpectrumChoice>
                    id="circuit-spectrum"
                    value={spectrumChoice}
                    onChange={(v) => {
                      setSpectrumChoice(v);
                      setSpectrumError(undefined);
                    }}
                    data-testid="circuit-spectrum"
                    options={[
                      { value: 'am15g_1nm_300_1600.csv', label: t('circuit.form.spectrumAm15g') },
                      { value: 'am15d.csv', label: t('circuit.form.spectrumAm15d') },
                      { value: 'am0.csv', label: t('circuit.form.spectrumAm0') },
                      { value: 'custom', label: t('circuit.form.spectrumCustom') },
                    ]}
                  />
                </Form.Item>
                {spectrumChoice === 'am0.csv' && (
                  <Alert
                    type="info"
                    showIcon
                    title={t('circuit.form.spectrumAm0Hint')}
                    data-testid="spectrum-am0-hint"
                  />
                )}
                {spectrumChoice === 'custom' && (
                  <Form.Item label={t('circuit.form.spectrumFile')}>
                    <Upload
                      accept=".csv,.txt,.dat"
                      showUploadList={false}
                      beforeUpload={async (file) => {
                        try {
                          setCustomSpectrum(spectrumJobArrays(await file.text(), file.name));
                          setSpectrumError(undefined);
                        } catch (e) {
                          setCustomSpectrum(undefined);
                          const reason = e instanceof Error ? e.message : String(e);
                          setSpectrumError(t('circuit.form.spectrumFileUnreadable', { reason }));
                        }
                        return Upload.LIST_IGNORE;
                      }}
                    >
                      <Button>{t('circuit.form.spectrumFileChoose')}</Button>
                    </Upload>
                    {customSpectrum && (
                      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                        {t('circuit.form.spectrumFileLoaded', {
                          n: customSpectrum.wavelengthNm.length,
                          from: customSpectrum.wavelengthNm[0],
                          to: customSpectrum.wavelengthNm[customSpectrum.wavelengthNm.length - 1],
                        })}
                      </Typography.Paragraph>
                    )}
                  </Form.Item>
                )}
                {spectrumError && <Alert type="error" showIcon message={spectrumError} />}
              </Space>
            )}
          </Card>
        )}

        {serverErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="form-hint"
            data-testid="circuit-server-errors"
            message={t('circuit.form.invalid')}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {serverErrors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            }
          />
        )}

        <ChargeNotice quote={quote.data} />
        <Space style={{ marginBottom: 16 }}>
          <QueuePriority checked={priority} onChange={setPriority} />
          <Button type="primary" htmlType="submit" loading={busy} data-testid="circuit-submit">
            {t('circuit.form.submit')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setServerErrors([]);
              setEntries([newCurveEntry()]);
              setShowCurveErrors(false);
            }}
            data-testid="circuit-reset"
          >
            {t('circuit.form.reset')}
          </Button>
        </Space>
      </Form>
      {submitted !== undefined && (
        <CalcProgressCard
          key={submitted}
          id={submitted}
          kind={variant}
          listPath={listPath}
          onDone={() => navigate(resultPath(variant, submitted))}
        />
      )}
    </div>
  );
}

class SpectrumMissing extends Error {}
