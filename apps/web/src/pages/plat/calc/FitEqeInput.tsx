import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { formatValue } from '@pvforge/params';
import { Alert, Button, Col, Empty, Form, Input, Radio, Row, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurveState, readCurveFile } from './CircuitCurveInput';
import { MAX_CURVE_TEXT } from './CircuitModel';
import { type EqePreview, type EqeUnitChoice, type EqeUnits, previewErrorText } from './fit-model';

/** How the user gives a spectrum: a file, or text pasted from a spreadsheet or an instrument. */
type How = 'upload' | 'paste';

/** The units as said to the user: how the numbers were read, with the conversion applied. */
function readAsWords(units: EqeUnits, t: (key: string) => string): { wu: string; eu: string } {
  return {
    wu: t(units.wavelength === 'um' ? 'fit.eqe.readUm' : 'fit.eqe.readNm'),
    eu: t(units.eqe === 'fraction' ? 'fit.eqe.readFraction' : 'fit.eqe.readPercent'),
  };
}

/**
 * An EQE spectrum of the device fit: a file (the circuit forms' file reader: text or XLSX cells) or
 * pasted text of two columns, wavelength and EQE, under a header line; its units detected from the
 * values (µm when every wavelength < 5, a fraction when every EQE <= 1) and shown, with the user's
 * choice over them, as the J-V input does for its units. The reading itself is fit-model's
 * previewEqe, the same the form's check and the job are built from.
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
}) {
  const { t } = useTranslation();
  const tid = (id: string) => `${id}${testSuffix}`;
  const [how, setHow] = useState<How>('upload');
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const readPasted = (text: string) => {
    setProblem(undefined);
    if (text.length > MAX_CURVE_TEXT) setProblem(t('circuit.curve.tooLarge'));
    else if (text.trim()) onCurve({ source: { text, format: 'table' }, label: t('circuit.curve.paste') });
  };
  // a pasted spectrum is read after a short pause in the typing, never left unread until a click
  const readLater = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(readLater.current), []);

  // "detect" says what it detected once the spectrum is read
  const auto = (unit: string | undefined) => (unit ? t('fit.eqe.autoAs', { unit }) : t('circuit.curve.auto'));
  const detected = preview?.ok ? preview.detected : undefined;
  const shownError = problem ?? error;

  return (
    <div data-testid={tid('eqe-input')}>
      <Typography.Paragraph type="secondary" data-testid={tid('eqe-hint')}>
        {t('fit.eqe.hint')}
      </Typography.Paragraph>
      <Form.Item label={t('circuit.curve.source')}>
        <Radio.Group
          value={how}
          onChange={(e) => {
            setHow(e.target.value as How);
            setProblem(undefined);
          }}
          optionType="button"
        >
          <Radio.Button value="upload" data-testid={tid('eqe-source-upload')}>
            <UploadOutlined /> {t('circuit.curve.upload')}
          </Radio.Button>
          <Radio.Button value="paste" data-testid={tid('eqe-source-paste')}>
            <FileTextOutlined /> {t('circuit.curve.paste')}
          </Radio.Button>
        </Radio.Group>
      </Form.Item>

      {how === 'upload' ? (
        <Form.Item extra={t('fit.eqe.dropHint')}>
          <Upload
            accept=".csv,.txt,.tsv,.dat,.xlsx,.xls"
            multiple={!!onExtraFile}
            showUploadList={false}
            beforeUpload={async (file, files) => {
              setProblem(undefined);
              const r = await readCurveFile(file);
              if (!r.ok) setProblem(`${file.name}: ${t(r.key, { msg: r.msg })}`);
              else if (onExtraFile && files.indexOf(file) > 0) onExtraFile({ source: r.source, label: file.name });
              else onCurve({ source: r.source, label: file.name });
              return Upload.LIST_IGNORE;
            }}
            data-testid={tid('eqe-upload')}
          >
            <Button icon={<UploadOutlined />}>{t('circuit.curve.chooseFile')}</Button>
          </Upload>
        </Form.Item>
      ) : (
        <Form.Item label={t('fit.eqe.pasteLabel')} htmlFor={tid('eqe-paste')}>
          <Input.TextArea
            id={tid('eqe-paste')}
            rows={6}
            value={pasted}
            placeholder={t('fit.eqe.pastePlaceholder')}
            onChange={(e) => {
              const text = e.target.value;
              setPasted(text);
              clearTimeout(readLater.current);
              readLater.current = setTimeout(() => readPasted(text), 400);
            }}
            data-testid={tid('eqe-paste')}
          />
        </Form.Item>
      )}

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
                { value: 'auto', label: auto(detected && (detected.eqe === 'fraction' ? t('fit.eqe.fraction') : '%')) },
                { value: 'percent', label: '%' },
                { value: 'fraction', label: t('fit.eqe.fraction') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>

      {shownError && (
        <Alert type="error" showIcon title={shownError} className="form-hint" data-testid={tid('eqe-error')} />
      )}
      {curve.label && (
        <Typography.Paragraph type="secondary" data-testid={tid('eqe-file')}>
          {t('circuit.curve.file', { name: curve.label })}
        </Typography.Paragraph>
      )}
      {!curve.source && <Empty description={t('circuit.curve.empty')} />}
      {preview && !preview.ok && (
        <Alert
          type="error"
          showIcon
          title={t('circuit.curve.parseError', { msg: previewErrorText(preview, t) })}
          data-testid={tid('eqe-parse-error')}
        />
      )}
      {preview?.ok && (
        <Space orientation="vertical" size={0} style={{ marginBottom: 16 }} data-testid={tid('eqe-summary')}>
          <Typography.Text>
            {t('fit.eqe.summary', {
              n: preview.measuredPoints,
              from: formatValue(preview.wavelengthNm[0]!),
              to: formatValue(preview.wavelengthNm.at(-1)!),
              max: formatValue(Number(Math.max(...preview.eqePercent).toPrecision(3))),
            })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('fit.eqe.readAs', readAsWords(preview.units, t))}</Typography.Text>
        </Space>
      )}
    </div>
  );
}
