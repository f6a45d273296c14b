import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadInterop } from '../../../components/interop/files';
import { paramLang, wordsOf } from '../../../lib/params';
import { CircuitCurveInput, type CurveState } from './CircuitCurveInput';
import { curveSuffix } from './CircuitCurveList';
import { previewCurve } from './CircuitModel';
import { FitCapacitanceInput } from './FitCapacitanceInput';
import { FitEqeInput } from './FitEqeInput';
import {
  type CurveField,
  type CurveKind,
  capEntryAfterRead,
  DEFAULT_FIT_POINTS,
  DEVICE_FIT_MAX_CURVES,
  entryAfterRead,
  eqeEntryAfterRead,
  type FitCurveEntry,
  type FitPreview,
  isCapacitanceKind,
  isCapPreview,
  isEqePreview,
  type NoiseMode,
  newFitCurve,
  withKind,
} from './fit-model';

/** The kinds a curve card offers, in the order shown. */
const KINDS: { kind: CurveKind; key: string }[] = [
  { kind: 'jv', key: 'fit.curve.kindJv' },
  { kind: 'eqe', key: 'fit.curve.kindEqe' },
  { kind: 'cv', key: 'fit.curve.kindCv' },
  { kind: 'cf', key: 'fit.curve.kindCf' },
];

/**
 * Whether a table is SIMsalabim's J-V output (SimSS's "Vext Jext ..." table): the interop
 * package's reader recognises it, so the form can say its current is in A/m² (the file's header
 * gives no unit) before the user confirms.
 */
async function isSimss(curve: CurveState): Promise<boolean> {
  const s = curve.source;
  if (!s || !('text' in s) || s.format !== 'table') return false;
  try {
    const { readForeignCurves } = await loadInterop();
    return readForeignCurves({ name: curve.label ?? '', text: s.text }).curves.some((c) => c.tool === 'simsalabim');
  } catch {
    return false;
  }
}

/** The message of a field (an error first, else a warning). */
export type FieldMessage = (k: number, field: CurveField) => { error?: string; warning?: string };

/**
 * The measured curves of a device fit, each of its kind: a J-V read by the circuit forms' curve
 * reader (files, pasted text, the sample; units and sign detected and shown, and the user's choice
 * over them), with the light it was measured under (0 suns: dark), its scan direction and rate and
 * its noise; an EQE spectrum read by FitEqeInput (units detected and shown likewise), with its
 * noise in percentage points and no light (it is measured without bias light); a C-V or a C-f read by
 * FitCapacitanceInput (units detected against the device's own capacitance), with its measuring
 * frequency (C-V) or bias (C-f), its light (0 suns: dark) and its noise in nF/cm² or relative to
 * |C|. Every curve has its name, temperature, weight and how many of its measured points the fit
 * runs. Several files chosen at once become several curves of the same kind.
 */
export function FitCurveList({
  entries,
  onChange,
  previews,
  message,
  deviceTemperatureK,
  device,
}: {
  entries: FitCurveEntry[];
  onChange: (f: (previous: FitCurveEntry[]) => FitCurveEntry[]) => void;
  previews: (FitPreview | undefined)[];
  message: FieldMessage;
  /** The device's temperature, shown where a curve leaves its own empty. */
  deviceTemperatureK: number | undefined;
  /** The device (a capacitance's unit is detected against its geometric capacitance). */
  device: unknown;
}) {
  const { t, i18n } = useTranslation();
  // the light and the scan rate are the registry's parameters (a curve's intensity scales the
  // device's illumination.suns; its scan rate is a J-V scan's): their words are the registry's
  const L = paramLang(i18n.language);
  const sunsWords = wordsOf('illumination.suns', L);
  const rateWords = wordsOf('electrical.transient.rateVPerS', L);
  const update = (id: number, patch: (e: FitCurveEntry) => Partial<FitCurveEntry>) =>
    onChange((all) => all.map((e) => (e.id === id ? { ...e, ...patch(e) } : e)));
  // a file read: its defaults (light, scan, points; SimSS's unit) as the reader found them; a
  // further file of a multiple choice is a new curve of the kind of the one it was chosen in
  const read = async (id: number | undefined, curve: CurveState, kind: CurveKind = 'jv') => {
    const simss = kind === 'jv' && (await isSimss(curve));
    onChange((all) => {
      const old = id === undefined ? newFitCurve({ kind }) : all.find((e) => e.id === id);
      if (!old) return all;
      const source = curve.source;
      const next =
        old.kind === 'eqe'
          ? eqeEntryAfterRead(old, curve).entry
          : isCapacitanceKind(old.kind)
            ? capEntryAfterRead(old, curve, device).entry
            : entryAfterRead(old, curve, simss, (choice) => (source ? previewCurve(source, choice) : undefined)).entry;
      if (id === undefined) return all.length < DEVICE_FIT_MAX_CURVES ? [...all, next] : all;
      return all.map((e) => (e.id === id ? next : e));
    });
  };

  const item = (k: number, field: CurveField) => {
    const m = message(k, field);
    return {
      validateStatus: m.error ? ('error' as const) : m.warning ? ('warning' as const) : undefined,
      help: m.error ?? m.warning,
    };
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="fit-curves">
      <Typography.Paragraph type="secondary">
        {t('fit.curve.hint', { max: DEVICE_FIT_MAX_CURVES })}
      </Typography.Paragraph>
      {entries.map((e, k) => {
        const preview = previews[k];
        const sfx = curveSuffix(k);
        const data = message(k, 'data').error;
        const n = preview?.ok ? preview.measuredPoints : undefined;
        return (
          <Card
            key={e.id}
            size="small"
            data-testid={`fit-curve${sfx}`}
            title={t('fit.curve.title', { k: k + 1, name: e.label || t('fit.curve.unnamed') })}
            extra={
              entries.length > 1 && (
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  onClick={() => onChange((all) => all.filter((x) => x.id !== e.id))}
                  data-testid={`fit-curve-remove${sfx}`}
                >
                  {t('fit.curve.remove')}
                </Button>
              )
            }
          >
            <Form.Item label={t('fit.curve.kind')} tooltip={t('fit.curve.kindTip')} {...item(k, 'kind')}>
              <Radio.Group
                value={e.kind}
                onChange={(x) => onChange((all) => all.map((o) => (o.id === e.id ? withKind(o, x.target.value) : o)))}
                optionType="button"
                data-testid={`fit-curve-kind${sfx}`}
              >
                {KINDS.map((o) => (
                  <Radio.Button key={o.kind} value={o.kind} data-testid={`fit-curve-kind-${o.kind}${sfx}`}>
                    {t(o.key)}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            {isCapacitanceKind(e.kind) ? (
              <FitCapacitanceInput
                kind={e.kind}
                curve={e.curve}
                onCurve={(c) => void read(e.id, c)}
                units={e.capUnits}
                onUnits={(capUnits) => update(e.id, () => ({ capUnits }))}
                areaCm2={e.areaCm2}
                onArea={(areaCm2) => update(e.id, () => ({ areaCm2 }))}
                preview={isCapPreview(preview) ? preview : undefined}
                error={data && !(preview && !preview.ok) ? data : undefined}
                device={device}
                testSuffix={sfx}
                onExtraFile={(c) => void read(undefined, c, e.kind)}
              />
            ) : e.kind === 'eqe' ? (
              <FitEqeInput
                curve={e.curve}
                onCurve={(c) => void read(e.id, c)}
                units={e.eqeUnits}
                onUnits={(eqeUnits) => update(e.id, () => ({ eqeUnits }))}
                preview={isEqePreview(preview) ? preview : undefined}
                error={data && !(preview && !preview.ok) ? data : undefined}
                testSuffix={sfx}
                onExtraFile={(c) => void read(undefined, c, 'eqe')}
                conditions={{ biasLight: e.eqeBiasLight, biasV: e.eqeBiasV }}
                onConditions={(c) =>
                  update(e.id, () => ({
                    ...(c.biasLight !== undefined ? { eqeBiasLight: c.biasLight } : {}),
                    ...(c.biasV !== undefined ? { eqeBiasV: c.biasV } : {}),
                  }))
                }
                fieldStatus={(f) => item(k, f)}
              />
            ) : (
              <CircuitCurveInput
                curve={e.curve}
                onCurve={(c) => void read(e.id, c)}
                choice={e.choice}
                onChoice={(choice) => update(e.id, () => ({ choice }))}
                preview={isEqePreview(preview) || isCapPreview(preview) ? undefined : preview}
                error={data && !(preview && !preview.ok) ? data : undefined}
                testSuffix={sfx}
                onExtraFile={(c) => void read(undefined, c)}
                signChoice
                showPlot={false}
                hint={t('fit.curve.dropHint')}
              />
            )}
            {e.kind === 'jv' && e.simss && (
              <Alert
                type="info"
                showIcon
                className="form-hint"
                title={t('fit.curve.simss')}
                data-testid={`fit-curve-simss${sfx}`}
              />
            )}
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item label={t('fit.curve.label')} htmlFor={`fit-curve-label${sfx}`} {...item(k, 'label')}>
                  <Input
                    id={`fit-curve-label${sfx}`}
                    maxLength={200}
                    value={e.label}
                    onChange={(x) => update(e.id, () => ({ label: x.target.value }))}
                    data-testid={`fit-curve-label${sfx}`}
                  />
                </Form.Item>
              </Col>
              {e.kind !== 'eqe' && (
                <Col xs={24} md={8}>
                  <Form.Item
                    label={sunsWords.label}
                    tooltip={isCapacitanceKind(e.kind) ? t('fit.cap.sunsTip') : sunsWords.tip}
                    htmlFor={`fit-curve-suns${sfx}`}
                    {...item(k, 'suns')}
                  >
                    <Input
                      id={`fit-curve-suns${sfx}`}
                      inputMode="decimal"
                      value={e.suns}
                      onChange={(x) => update(e.id, () => ({ suns: x.target.value }))}
                      data-testid={`fit-curve-suns${sfx}`}
                    />
                  </Form.Item>
                </Col>
              )}
              {isCapacitanceKind(e.kind) && (
                <Col xs={24} md={8}>
                  <Form.Item
                    label={t(`fit.cap.condition.${e.kind}`)}
                    tooltip={t(`fit.cap.conditionTip.${e.kind}`)}
                    htmlFor={`fit-curve-condition${sfx}`}
                    {...item(k, 'condition')}
                  >
                    <Input
                      id={`fit-curve-condition${sfx}`}
                      inputMode="decimal"
                      addonAfter={e.kind === 'cv' ? 'Hz' : 'V'}
                      value={e.kind === 'cv' ? e.frequencyHz : e.biasV}
                      placeholder={e.kind === 'cv' ? '10000' : '0'}
                      onChange={(x) =>
                        update(e.id, () =>
                          e.kind === 'cv' ? { frequencyHz: x.target.value } : { biasV: x.target.value },
                        )
                      }
                      data-testid={`fit-curve-condition${sfx}`}
                    />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={8}>
                <Form.Item
                  label={t('fit.curve.temperature')}
                  tooltip={t('fit.curve.temperatureTip')}
                  htmlFor={`fit-curve-temperature${sfx}`}
                  {...item(k, 'temperatureK')}
                >
                  <Input
                    id={`fit-curve-temperature${sfx}`}
                    inputMode="decimal"
                    addonAfter="K"
                    placeholder={
                      deviceTemperatureK !== undefined
                        ? t('fit.curve.temperatureDevice', { t: deviceTemperatureK })
                        : undefined
                    }
                    value={e.temperatureK}
                    onChange={(x) => update(e.id, () => ({ temperatureK: x.target.value }))}
                    data-testid={`fit-curve-temperature${sfx}`}
                  />
                </Form.Item>
              </Col>
              {e.kind === 'jv' && (
                <>
                  <Col xs={24} md={8}>
                    <Form.Item
                      label={t('fit.curve.scan')}
                      tooltip={t('fit.curve.scanTip')}
                      htmlFor={`fit-curve-scan${sfx}`}
                    >
                      <Select
                        id={`fit-curve-scan${sfx}`}
                        value={e.scan}
                        onChange={(scan) => update(e.id, () => ({ scan }))}
                        data-testid={`fit-curve-scan${sfx}`}
                        options={[
                          { value: '', label: t('fit.curve.scanNone') },
                          { value: 'forward', label: t('circuit.curve.forward') },
                          { value: 'reverse', label: t('circuit.curve.reverse') },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item label={rateWords.label} htmlFor={`fit-curve-rate${sfx}`} {...item(k, 'scanRate')}>
                      <Input
                        id={`fit-curve-rate${sfx}`}
                        inputMode="decimal"
                        addonAfter={rateWords.unit}
                        placeholder={t('fit.curve.optional')}
                        value={e.scanRate}
                        onChange={(x) => update(e.id, () => ({ scanRate: x.target.value }))}
                        data-testid={`fit-curve-rate${sfx}`}
                      />
                    </Form.Item>
                  </Col>
                </>
              )}
              <Col xs={24} md={8}>
                <Form.Item
                  label={t('fit.curve.weight')}
                  tooltip={t('fit.curve.weightTip')}
                  htmlFor={`fit-curve-weight${sfx}`}
                  {...item(k, 'weight')}
                >
                  <Input
                    id={`fit-curve-weight${sfx}`}
                    inputMode="decimal"
                    value={e.weight}
                    onChange={(x) => update(e.id, () => ({ weight: x.target.value }))}
                    data-testid={`fit-curve-weight${sfx}`}
                  />
                </Form.Item>
              </Col>
              {e.kind !== 'eqe' ? (
                <Col xs={24} md={16}>
                  <Form.Item
                    label={t('fit.curve.noise')}
                    tooltip={isCapacitanceKind(e.kind) ? t('fit.cap.noiseTip') : t('fit.curve.noiseTip')}
                    htmlFor={`fit-curve-noise-value${sfx}`}
                    {...item(k, 'noise')}
                  >
                    <Space.Compact style={{ width: '100%' }}>
                      <Select<NoiseMode>
                        value={e.noise}
                        onChange={(noise) => update(e.id, () => ({ noise }))}
                        style={{ width: 200 }}
                        data-testid={`fit-curve-noise${sfx}`}
                        aria-label={t('fit.curve.noise')}
                        options={[
                          { value: 'auto', label: t('fit.curve.noiseAuto') },
                          { value: 'abs', label: t('fit.curve.noiseAbs') },
                          {
                            value: 'rel',
                            label: isCapacitanceKind(e.kind) ? t('fit.cap.noiseRel') : t('fit.curve.noiseRel'),
                          },
                          { value: 'both', label: t('fit.curve.noiseBoth') },
                        ]}
                      />
                      {(e.noise === 'abs' || e.noise === 'both') && (
                        <Input
                          id={`fit-curve-noise-value${sfx}`}
                          inputMode="decimal"
                          addonAfter={isCapacitanceKind(e.kind) ? 'nF/cm²' : 'mA/cm²'}
                          value={e.noiseAbs}
                          placeholder={isCapacitanceKind(e.kind) ? '0.5' : '0.05'}
                          aria-label={t('fit.curve.noiseAbs')}
                          onChange={(x) => update(e.id, () => ({ noiseAbs: x.target.value }))}
                          data-testid={`fit-curve-noise-abs${sfx}`}
                        />
                      )}
                      {(e.noise === 'rel' || e.noise === 'both') && (
                        <Input
                          id={e.noise === 'rel' ? `fit-curve-noise-value${sfx}` : undefined}
                          inputMode="decimal"
                          addonAfter={isCapacitanceKind(e.kind) ? '× |C|' : t('fit.curve.noiseRelUnit')}
                          value={e.noiseRel}
                          placeholder={isCapacitanceKind(e.kind) ? '0.01' : '0.02'}
                          aria-label={t('fit.curve.noiseRel')}
                          onChange={(x) => update(e.id, () => ({ noiseRel: x.target.value }))}
                          data-testid={`fit-curve-noise-rel${sfx}`}
                        />
                      )}
                    </Space.Compact>
                  </Form.Item>
                </Col>
              ) : (
                <Col xs={24} md={8}>
                  <Form.Item
                    label={t('fit.eqe.noise')}
                    tooltip={t('fit.eqe.noiseTip')}
                    htmlFor={`fit-curve-noise-pp${sfx}`}
                    {...item(k, 'noise')}
                  >
                    <Input
                      id={`fit-curve-noise-pp${sfx}`}
                      inputMode="decimal"
                      addonAfter={t('fit.eqe.pp')}
                      placeholder={t('fit.eqe.noiseAuto')}
                      value={e.noisePercent}
                      onChange={(x) => update(e.id, () => ({ noisePercent: x.target.value }))}
                      data-testid={`fit-curve-noise-pp${sfx}`}
                    />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={8}>
                <Form.Item
                  label={t('fit.curve.points')}
                  tooltip={t('fit.curve.pointsTip')}
                  htmlFor={`fit-curve-points${sfx}`}
                  extra={n !== undefined ? t('fit.curve.pointsOf', { n }) : undefined}
                  {...item(k, 'points')}
                >
                  <Input
                    id={`fit-curve-points${sfx}`}
                    inputMode="numeric"
                    value={e.points}
                    placeholder={n !== undefined ? String(Math.min(n, DEFAULT_FIT_POINTS)) : undefined}
                    disabled={n === undefined}
                    onChange={(x) => update(e.id, () => ({ points: x.target.value }))}
                    data-testid={`fit-curve-points${sfx}`}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        disabled={entries.length >= DEVICE_FIT_MAX_CURVES}
        onClick={() => onChange((all) => [...all, newFitCurve()])}
        data-testid="fit-curve-add"
      >
        {t('fit.curve.add')}
      </Button>
    </Space>
  );
}
