import { ExperimentOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Typography,
  Upload,
} from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/Loading';
import {
  type CurveSource,
  curveErrorText,
  fileKind,
  MAX_CURVE_TEXT,
  type ParseChoice,
  type Preview,
} from './CircuitModel';
import { readXlsxRows } from './CircuitXlsx';

const LinePlot = lazy(() => import('../../../components/plots/LinePlot'));

/** The static sample curve of the help page's downloads (apps/web/public/downloads). */
export const SAMPLE_CURVE_URL = '/downloads/sample-perovskite-jv.csv';
export const SAMPLE_CURVE_NAME = 'sample-perovskite-jv.csv';

export interface CurveState {
  source?: CurveSource;
  /** File name or "pasted text" / sample name, shown to the user. */
  label?: string;
}

type How = 'upload' | 'paste' | 'sample';

/** Reads a chosen file the way the server's parser takes it (text, SCAPS .iv text, XLSX cells). */
export async function readCurveFile(
  file: File,
): Promise<{ ok: true; source: CurveSource } | { ok: false; key: string; msg?: string }> {
  const kind = fileKind(file.name);
  if (kind === 'xls') return { ok: false, key: 'circuit.curve.xlsError' };
  if (kind === 'unknown') return { ok: false, key: 'circuit.curve.unknownType' };
  try {
    if (kind === 'xlsx') return { ok: true, source: { rows: await readXlsxRows(await file.arrayBuffer()) } };
    const text = await file.text();
    if (text.length > MAX_CURVE_TEXT) return { ok: false, key: 'circuit.curve.tooLarge' };
    return { ok: true, source: { text, format: kind } };
  } catch (e) {
    return { ok: false, key: 'circuit.curve.readError', msg: e instanceof Error ? e.message : String(e) };
  }
}

export function CircuitCurveInput({
  curve,
  onCurve,
  choice,
  onChoice,
  preview,
  error,
  testSuffix = '',
  onExtraFile,
  signChoice = false,
  showPlot = true,
  hint,
}: {
  curve: CurveState;
  onCurve: (c: CurveState) => void;
  choice: ParseChoice;
  onChoice: (c: ParseChoice) => void;
  preview: Preview | undefined;
  /** Validation message from the form's submit (no curve). */
  error?: string;
  /** Appended to every test id (several curves on one page). */
  testSuffix?: string;
  /** Several files chosen at once: the first is this curve, each further one a new curve. */
  onExtraFile?: (c: CurveState) => void;
  /** Offer the current's sign (detected, as written, flipped) beside the units. */
  signChoice?: boolean;
  /** Draw this curve's preview plot (a page that plots all its curves together says no). */
  showPlot?: boolean;
  /** The files this page reads, when it reads more than the circuit forms. */
  hint?: string;
}) {
  const { t } = useTranslation();
  const tid = (id: string) => `${id}${testSuffix}`;
  const [how, setHow] = useState<How>('upload');
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [loadingSample, setLoadingSample] = useState(false);

  const readPasted = (text: string, quiet: boolean) => {
    setProblem(undefined);
    if (!text.trim()) {
      if (!quiet) setProblem(t('circuit.curve.required'));
    } else if (text.length > MAX_CURVE_TEXT) setProblem(t('circuit.curve.tooLarge'));
    else onCurve({ source: { text, format: 'table' }, label: t('circuit.curve.paste') });
  };
  // Parse as the user pastes or types (after a short pause): a pasted curve must not be ignored
  // until a separate click.
  const readLater = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(readLater.current), []);

  const loadSample = async () => {
    setLoadingSample(true);
    setProblem(undefined);
    try {
      const res = await fetch(SAMPLE_CURVE_URL);
      if (!res.ok) throw new Error(String(res.status));
      const text = await res.text();
      onCurve({ source: { text, format: 'table' }, label: SAMPLE_CURVE_NAME });
    } catch {
      setProblem(t('circuit.curve.sampleFailed'));
    }
    setLoadingSample(false);
  };

  const plot = useMemo(() => {
    if (!preview?.ok) return undefined;
    const c = preview.curve;
    return {
      x: { label: t('circuit.curve.voltageAxis'), unit: 'V' },
      y: { label: t('circuit.curve.currentAxis'), unit: 'mA/cm²' },
      series: [
        { name: t('circuit.curve.measured'), x: c.measured.voltageV, y: c.measured.jMaCm2 },
        { name: t('circuit.curve.resampled'), x: c.voltageV, y: c.jMaCm2, dashed: true },
      ],
    };
  }, [preview, t]);

  const shownError = problem ?? error;

  return (
    <div data-testid={tid('curve-input')}>
      <Form.Item label={t('circuit.curve.source')}>
        <Radio.Group
          value={how}
          onChange={(e) => {
            setHow(e.target.value as How);
            setProblem(undefined);
            // choosing the sample is asking for it: it loads at once, no second button
            if (e.target.value === 'sample') void loadSample();
          }}
          optionType="button"
          data-testid={tid('curve-source')}
        >
          <Radio.Button value="upload" data-testid={tid('curve-source-upload')}>
            <UploadOutlined /> {t('circuit.curve.upload')}
          </Radio.Button>
          <Radio.Button value="paste" data-testid={tid('curve-source-paste')}>
            <FileTextOutlined /> {t('circuit.curve.paste')}
          </Radio.Button>
          <Radio.Button value="sample" data-testid={tid('curve-source-sample')}>
            <ExperimentOutlined /> {t('circuit.curve.sample')}
          </Radio.Button>
        </Radio.Group>
      </Form.Item>

      {how === 'upload' && (
        <Form.Item extra={hint ?? t('circuit.curve.dropHint')}>
          <Upload
            accept=".csv,.txt,.tsv,.dat,.iv,.xlsx,.xls"
            maxCount={onExtraFile ? undefined : 1}
            multiple={!!onExtraFile}
            showUploadList={false}
            beforeUpload={async (file, files) => {
              setProblem(undefined);
              const r = await readCurveFile(file);
              const extra = onExtraFile && files.indexOf(file) > 0;
              if (!r.ok) setProblem(`${file.name}: ${t(r.key, { msg: r.msg })}`);
              else if (extra) onExtraFile({ source: r.source, label: file.name });
              else onCurve({ source: r.source, label: file.name });
              return Upload.LIST_IGNORE;
            }}
            data-testid={tid('curve-upload')}
          >
            <Button icon={<UploadOutlined />} data-testid={tid('curve-upload-button')}>
              {t('circuit.curve.chooseFile')}
            </Button>
          </Upload>
        </Form.Item>
      )}

      {how === 'paste' && (
        <Form.Item label={t('circuit.curve.pasteLabel')} htmlFor={tid('curve-paste-text')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              id={tid('curve-paste-text')}
              rows={6}
              value={pasted}
              placeholder={t('circuit.curve.pastePlaceholder')}
              onChange={(e) => {
                const text = e.target.value;
                setPasted(text);
                clearTimeout(readLater.current);
                readLater.current = setTimeout(() => readPasted(text, true), 400);
              }}
              data-testid={tid('curve-paste')}
            />
            <Button
              onClick={() => {
                clearTimeout(readLater.current);
                readPasted(pasted, false);
              }}
              data-testid={tid('curve-paste-read')}
            >
              {t('circuit.curve.parsePaste')}
            </Button>
          </Space>
        </Form.Item>
      )}

      {how === 'sample' && (loadingSample || curve.label === SAMPLE_CURVE_NAME) && (
        <Form.Item>
          <Typography.Text type="secondary" data-testid={tid('curve-sample-status')}>
            {loadingSample ? <Spin size="small" /> : t('circuit.curve.sampleLoaded')}
          </Typography.Text>
        </Form.Item>
      )}
      {how === 'sample' && problem && !loadingSample && (
        <Button icon={<ExperimentOutlined />} onClick={loadSample} data-testid={tid('curve-use-sample')}>
          {t('circuit.curve.sample')}
        </Button>
      )}

      <Row gutter={16}>
        <Col xs={24} md={signChoice ? 6 : 8}>
          <Form.Item label={t('circuit.curve.voltageUnit')} htmlFor={tid('curve-vunit')}>
            <Select
              id={tid('curve-vunit')}
              value={choice.voltageUnit ?? 'auto'}
              onChange={(v) => onChoice({ ...choice, voltageUnit: v })}
              options={[
                { value: 'auto', label: t('circuit.curve.auto') },
                { value: 'V', label: 'V' },
                { value: 'mV', label: 'mV' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={signChoice ? 6 : 8}>
          <Form.Item label={t('circuit.curve.currentUnit')} htmlFor={tid('curve-junit')}>
            <Select
              id={tid('curve-junit')}
              value={choice.currentUnit ?? 'auto'}
              onChange={(v) => onChoice({ ...choice, currentUnit: v })}
              options={[
                { value: 'auto', label: t('circuit.curve.auto') },
                { value: 'mA/cm2', label: 'mA/cm²' },
                { value: 'A/cm2', label: 'A/cm²' },
                { value: 'A/m2', label: 'A/m²' },
                { value: 'mA', label: 'mA' },
                { value: 'A', label: 'A' },
              ]}
            />
          </Form.Item>
        </Col>
        {signChoice && (
          <Col xs={24} md={6}>
            <Form.Item label={t('circuit.curve.sign')} tooltip={t('circuit.curve.signTip')} htmlFor={tid('curve-sign')}>
              <Select
                id={tid('curve-sign')}
                value={choice.sign ?? 'auto'}
                onChange={(v) => onChoice({ ...choice, sign: v })}
                data-testid={tid('curve-sign')}
                options={[
                  { value: 'auto', label: t('circuit.curve.auto') },
                  { value: 'as-is', label: t('circuit.curve.signAsIs') },
                  { value: 'flip', label: t('circuit.curve.signFlip') },
                ]}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={signChoice ? 6 : 8}>
          <Form.Item label={t('circuit.curve.area')} tooltip={t('circuit.curve.areaTip')} htmlFor={tid('curve-area')}>
            <InputNumber
              id={tid('curve-area')}
              min={0}
              style={{ width: '100%' }}
              addonAfter="cm²"
              value={choice.areaCm2}
              onChange={(v) => onChoice({ ...choice, areaCm2: typeof v === 'number' && v > 0 ? v : undefined })}
              data-testid={tid('curve-area')}
            />
          </Form.Item>
        </Col>
      </Row>

      {shownError && (
        <Alert type="error" showIcon message={shownError} data-testid={tid('curve-error')} className="form-hint" />
      )}

      <Typography.Title level={5}>{t('circuit.curve.preview')}</Typography.Title>
      {curve.label && (
        <Typography.Paragraph type="secondary" data-testid={tid('curve-label')}>
          {t('circuit.curve.file', { name: curve.label })}
        </Typography.Paragraph>
      )}
      {!curve.source && <Empty description={t('circuit.curve.empty')} data-testid={tid('curve-empty')} />}
      {preview && !preview.ok && (
        <Alert
          type="error"
          showIcon
          message={t('circuit.curve.parseError', { msg: curveErrorText(preview, t) })}
          data-testid={tid('curve-parse-error')}
        />
      )}
      {preview?.ok && plot && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid={tid('curve-preview')}>
          <Typography.Text data-testid={tid('curve-summary')}>
            {t('circuit.curve.points', {
              n: preview.measuredPoints,
              light: t(preview.curve.detected.illumination === 'light' ? 'circuit.curve.light' : 'circuit.curve.dark'),
              sweep: t(preview.curve.detected.sweep === 'forward' ? 'circuit.curve.forward' : 'circuit.curve.reverse'),
            })}
            {' · '}
            {t('circuit.curve.detected', {
              vu: preview.curve.detected.voltageUnit,
              ju: preview.curve.detected.currentUnit,
              flip: preview.curve.detected.signFlipped ? t('circuit.curve.flipped') : '',
            })}
          </Typography.Text>
          {preview.fewPoints && (
            <Alert
              type="warning"
              showIcon
              message={t('circuit.curve.fewPoints', { n: preview.measuredPoints })}
              data-testid={tid('curve-few-points')}
            />
          )}
          {showPlot && (
            <Suspense fallback={<Loading />}>
              <LinePlot
                testid={tid('curve-preview-plot')}
                title={t('circuit.curve.previewTitle')}
                fileName="measured-jv-preview"
                x={plot.x}
                y={plot.y}
                series={plot.series}
                height={320}
                jv
              />
            </Suspense>
          )}
        </Space>
      )}
    </div>
  );
}
