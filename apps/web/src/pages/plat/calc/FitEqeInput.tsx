import { formatValue } from '@pvforge/params';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurveState } from './CircuitCurveInput';
import { CurveSourceInput } from './CurveSourceInput';
import { type CurveField, type EqePreview, type EqeUnitChoice, type EqeUnits, previewErrorText } from './fit-model';

/** An EQE's measuring conditions as typed: bias light in suns, bias voltage in V ('' = none, short circuit). */
export interface EqeConditions {
  biasLight: string;
  biasV: string;
}

/** The units as said to the user: how the numbers were read, with the conversion applied. */
function readAsWords(units: EqeUnits, t: (key: string) => string): { wu: string; eu: string } {
  return {
    wu: t(units.wavelength === 'um' ? 'fit.eqe.readUm' : 'fit.eqe.readNm'),
    eu: t(units.eqe === 'fraction' ? 'fit.eqe.readFraction' : 'fit.eqe.readPercent'),
  };
}

/**
 * An EQE spectrum of the device fit: a file or pasted text (CurveSourceInput, shared with the C-V
 * and C-f inputs) of two columns, wavelength and EQE, under a header line; its units detected from the
 * values (µm when every wavelength < 5, a fraction when every EQE <= 1) and shown, with the user's
 * choice over them, as the J-V input does for its units. The reading itself is fit-model's
 * previewEqe, the same the form's check and the job are built from. Below, the conditions it was
 * measured under: a bias light (suns of the device's spectrum) and a bias voltage (V), empty for
 * short circuit without bias light.
 */
export function FitEqeInput({
  curve,
  onCurve,
  units,
  onUnits,
  preview,
  error,
  testSuffix = '',
  onExtraFile,
  conditions,
  onConditions,
  fieldStatus,
}: {
  curve: CurveState;
  onCurve: (c: CurveState) => void;
  units: EqeUnitChoice;
  onUnits: (u: EqeUnitChoice) => void;
  preview: EqePreview | undefined;
  /** The form's message for the spectrum (none given yet). */
  error?: string;
  testSuffix?: string;
  /** Several files chosen at once: the first is this spectrum, each further one a new one. */
  onExtraFile?: (c: CurveState) => void;
  conditions?: EqeConditions;
  onConditions?: (c: Partial<EqeConditions>) => void;
  /** The form's verdict on a field of the curve (its status and message). */
  fieldStatus?: (field: CurveField) => { validateStatus?: 'error' | 'warning'; help?: string };
}) {
  const { t } = useTranslation();
  const tid = (id: string) => `${id}${testSuffix}`;
  // "detect" says what it detected once the spectrum is read
  const auto = (unit: string | undefined) => (unit ? t('fit.eqe.autoAs', { unit }) : t('circuit.curve.auto'));
  const detected = preview?.ok ? preview.detected : undefined;

  return (
    <div data-testid={tid('eqe-input')}>
      <Typography.Paragraph type="secondary" data-testid={tid('eqe-hint')}>
        {t('fit.eqe.hint')}
      </Typography.Paragraph>
      <CurveSourceInput
        curve={curve}
        onCurve={onCurve}
        error={error}
        prefix="eqe"
        parseError={preview && !preview.ok ? previewErrorText(preview, t) : undefined}
        summary={
          preview?.ok && (
            <>
              <Typography.Text>
                {t('fit.eqe.summary', {
                  n: preview.measuredPoints,
                  from: formatValue(preview.wavelengthNm[0]!),
                  to: formatValue(preview.wavelengthNm.at(-1)!),
                  max: formatValue(Number(Math.max(...preview.eqePercent).toPrecision(3))),
                })}
              </Typography.Text>
              <Typography.Text type="secondary">{t('fit.eqe.readAs', readAsWords(preview.units, t))}</Typography.Text>
            </>
          )
        }
        testSuffix={testSuffix}
        onExtraFile={onExtraFile}
        dropHint={t('fit.eqe.dropHint')}
        pasteLabel={t('fit.eqe.pasteLabel')}
        pastePlaceholder={t('fit.eqe.pastePlaceholder')}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t('fit.eqe.wavelengthUnit')} htmlFor={tid('eqe-wunit')}>
              <Select
                id={tid('eqe-wunit')}
                value={units.wavelength ?? 'auto'}
                onChange={(wavelength) => onUnits({ ...units, wavelength })}
                data-testid={tid('eqe-wunit')}
                options={[
                  { value: 'auto', label: auto(detected && (detected.wavelength === 'um' ? 'µm' : 'nm')) },
                  { value: 'nm', label: 'nm' },
                  { value: 'um', label: 'µm' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('fit.eqe.eqeUnit')} htmlFor={tid('eqe-qunit')}>
              <Select
                id={tid('eqe-qunit')}
                value={units.eqe ?? 'auto'}
                onChange={(eqe) => onUnits({ ...units, eqe })}
                data-testid={tid('eqe-qunit')}
                options={[
                  {
                    value: 'auto',
                    label: auto(detected && (detected.eqe === 'fraction' ? t('fit.eqe.fraction') : '%')),
                  },
                  { value: 'percent', label: '%' },
                  { value: 'fraction', label: t('fit.eqe.fraction') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      </CurveSourceInput>
      {conditions && onConditions && (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fit.eqe.biasLight')}
              tooltip={t('fit.eqe.biasLightTip')}
              htmlFor={tid('eqe-bias-light')}
              {...fieldStatus?.('biasLight')}
            >
              <Input
                id={tid('eqe-bias-light')}
                inputMode="decimal"
                addonAfter={t('fit.eqe.suns')}
                placeholder={t('fit.eqe.biasNone')}
                value={conditions.biasLight}
                onChange={(x) => onConditions({ biasLight: x.target.value })}
                data-testid={tid('eqe-bias-light')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fit.eqe.biasV')}
              tooltip={t('fit.eqe.biasVTip')}
              htmlFor={tid('eqe-bias-v')}
              {...fieldStatus?.('biasV')}
            >
              <Input
                id={tid('eqe-bias-v')}
                inputMode="decimal"
                addonAfter="V"
                placeholder={t('fit.eqe.biasShort')}
                value={conditions.biasV}
                onChange={(x) => onConditions({ biasV: x.target.value })}
                data-testid={tid('eqe-bias-v')}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </div>
  );
}
