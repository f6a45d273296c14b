import { CAPACITANCE_UNITS, type CapacitanceUnit } from '@pvforge/engine';
import { formatValue } from '@pvforge/params';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurveState } from './CircuitCurveInput';
import { CurveSourceInput } from './CurveSourceInput';
import { type CapPreview, type CapUnitChoice, geometricCapacitance, previewErrorText } from './fit-model';

/** The capacitance units offered: per area first, then of the whole device (needs its area). */
const C_UNITS = Object.keys(CAPACITANCE_UNITS) as CapacitanceUnit[];

/**
 * A C-V (capacitance against DC bias at one frequency) or a C-f (capacitance against frequency at
 * one bias) of the device fit: a file or pasted text (CurveSourceInput, shared with the EQE input)
 * of two columns under a header line. Units are detected and shown, the user's choice over them:
 * the bias in V or mV, the frequency in Hz, kHz, MHz or rad/s (from the header), the capacitance
 * from the header, else from its magnitude against the device's geometric capacitance (said, with
 * that capacitance), per cm² or of the whole device divided by the area typed here. The reading is
 * fit-model's previewCapacitance, the same the form's check and the job are built from.
 */
export function FitCapacitanceInput({
  kind,
  curve,
  onCurve,
  units,
  onUnits,
  areaCm2,
  onArea,
  preview,
  error,
  device,
  testSuffix = '',
  onExtraFile,
}: {
  kind: 'cv' | 'cf';
  curve: CurveState;
  onCurve: (c: CurveState) => void;
  units: CapUnitChoice;
  onUnits: (u: CapUnitChoice) => void;
  areaCm2: string;
  onArea: (a: string) => void;
  preview: CapPreview | undefined;
  /** The form's message for the curve (none given yet). */
  error?: string | undefined;
  device: unknown;
  testSuffix?: string;
  onExtraFile?: (c: CurveState) => void;
}) {
  const { t } = useTranslation();
  const tid = (id: string) => `${id}${testSuffix}`;
  const auto = (unit: string | undefined) => (unit ? t('fit.eqe.autoAs', { unit }) : t('circuit.curve.auto'));
  const detected = preview?.ok ? preview.detected : undefined;
  const geo = geometricCapacitance(device);
  const xUnits = kind === 'cv' ? ['V', 'mV'] : ['Hz', 'kHz', 'MHz', 'rad/s'];
  const cLabel = (u: CapacitanceUnit) =>
    CAPACITANCE_UNITS[u].perArea
      ? CAPACITANCE_UNITS[u].label
      : t('fit.cap.ofDevice', { unit: CAPACITANCE_UNITS[u].label });
  // a capacitance of the whole device cannot be read without the area: the field says so too
  const areaMissing = preview !== undefined && !preview.ok && preview.code === 'needArea';

  return (
    <div data-testid={tid('cap-input')}>
      <Typography.Paragraph type="secondary" data-testid={tid('cap-hint')}>
        {t(`fit.cap.hint.${kind}`)}
      </Typography.Paragraph>
      <CurveSourceInput
        curve={curve}
        onCurve={onCurve}
        error={error}
        prefix="cap"
        parseError={preview && !preview.ok ? previewErrorText(preview, t) : undefined}
        summary={
          preview?.ok && (
            <>
              <Typography.Text>
                {t(`fit.cap.summary.${kind}`, {
                  n: preview.measuredPoints,
                  from: formatValue(Number(preview.x[0]!.toPrecision(4))),
                  to: formatValue(Number(preview.x.at(-1)!.toPrecision(4))),
                  min: formatValue(Number(Math.min(...preview.capacitanceNFPerCm2).toPrecision(3))),
                  max: formatValue(Number(Math.max(...preview.capacitanceNFPerCm2).toPrecision(3))),
                })}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('fit.cap.readAs', {
                  x: preview.units.x,
                  c: preview.units.capacitance ? cLabel(preview.units.capacitance) : 'nF/cm²',
                  how:
                    units.capacitance && units.capacitance !== 'auto'
                      ? t('fit.cap.fromUser')
                      : t(`fit.cap.from.${preview.detected.from}`, {
                          geo: geo !== undefined ? formatValue(Number(geo.toPrecision(3))) : '?',
                        }),
                })}
              </Typography.Text>
            </>
          )
        }
        testSuffix={testSuffix}
        onExtraFile={onExtraFile}
        dropHint={t(`fit.cap.dropHint.${kind}`)}
        pasteLabel={t(`fit.cap.pasteLabel.${kind}`)}
        pastePlaceholder={t(`fit.cap.pastePlaceholder.${kind}`)}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t(`fit.cap.xUnit.${kind}`)} htmlFor={tid('cap-xunit')}>
              <Select
                id={tid('cap-xunit')}
                value={units.x ?? 'auto'}
                onChange={(x) => onUnits({ ...units, x })}
                data-testid={tid('cap-xunit')}
                options={[{ value: 'auto', label: auto(detected?.x) }, ...xUnits.map((u) => ({ value: u, label: u }))]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fit.cap.cUnit')}
              tooltip={
                geo !== undefined ? t('fit.cap.cUnitTip', { geo: formatValue(Number(geo.toPrecision(3))) }) : undefined
              }
              htmlFor={tid('cap-cunit')}
            >
              <Select
                id={tid('cap-cunit')}
                value={units.capacitance ?? 'auto'}
                onChange={(capacitance) => onUnits({ ...units, capacitance })}
                data-testid={tid('cap-cunit')}
                options={[
                  { value: 'auto', label: auto(detected?.capacitance && cLabel(detected.capacitance)) },
                  ...C_UNITS.map((u) => ({ value: u, label: cLabel(u) })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fit.cap.area')}
              tooltip={t('fit.cap.areaTip')}
              htmlFor={tid('cap-area')}
              validateStatus={areaMissing ? 'error' : undefined}
            >
              <Input
                id={tid('cap-area')}
                inputMode="decimal"
                addonAfter="cm²"
                placeholder={t('fit.curve.optional')}
                value={areaCm2}
                onChange={(x) => onArea(x.target.value)}
                data-testid={tid('cap-area')}
              />
            </Form.Item>
          </Col>
        </Row>
      </CurveSourceInput>
    </div>
  );
}
