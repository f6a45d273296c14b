import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Radio, Space, Typography, Upload } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurveState, readCurveFile } from './CircuitCurveInput';
import { MAX_CURVE_TEXT } from './CircuitModel';

/** How the user gives a curve: a file, or text pasted from a spreadsheet or an instrument. */
type How = 'upload' | 'paste';

/**
 * Where a measured two-column curve of the device fit comes from (an EQE spectrum, a C-V, a C-f): a
 * file (the circuit forms' file reader: text or XLSX cells; several files at once become several
 * curves) or pasted text, read after a short pause in the typing, never left unread until a click.
 * The curve's own inputs (its units) sit under the source (`children`); then the form's message,
 * the file's name, or that nothing is read yet, and the reader's verdict: why the table cannot be
 * used (`parseError`) or what was read (`summary`). Test ids are `<prefix>-source-upload`,
 * `<prefix>-source-paste`, `<prefix>-upload`, `<prefix>-paste`, `<prefix>-error`, `<prefix>-file`,
 * `<prefix>-parse-error`, `<prefix>-summary`, each with the curve's suffix.
 */
export function CurveSourceInput({
  curve,
  onCurve,
  error,
  prefix,
  testSuffix = '',
  onExtraFile,
  dropHint,
  pasteLabel,
  pastePlaceholder,
  children,
  parseError,
  summary,
}: {
  curve: CurveState;
  onCurve: (c: CurveState) => void;
  /** The form's message for the curve (none given yet). */
  error?: string | undefined;
  /** What the test ids start with ('eqe', 'cap'). */
  prefix: string;
  testSuffix?: string;
  /** Several files chosen at once: the first is this curve, each further one a new one. */
  onExtraFile?: ((c: CurveState) => void) | undefined;
  dropHint: string;
  pasteLabel: string;
  pastePlaceholder: string;
  children?: ReactNode;
  /** Why the read table cannot be used (the reader's words). */
  parseError?: string | undefined;
  /** What was read: points, ranges, the units taken. */
  summary?: ReactNode;
}) {
  const { t } = useTranslation();
  const tid = (id: string) => `${prefix}-${id}${testSuffix}`;
  const [how, setHow] = useState<How>('upload');
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const readPasted = (text: string) => {
    setProblem(undefined);
    if (text.length > MAX_CURVE_TEXT) setProblem(t('circuit.curve.tooLarge'));
    else if (text.trim()) onCurve({ source: { text, format: 'table' }, label: t('circuit.curve.paste') });
  };
  const readLater = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(readLater.current), []);
  const shownError = problem ?? error;

  return (
    <>
      <Form.Item label={t('circuit.curve.source')}>
        <Radio.Group
          value={how}
          onChange={(e) => {
            setHow(e.target.value as How);
            setProblem(undefined);
          }}
          optionType="button"
        >
          <Radio.Button value="upload" data-testid={tid('source-upload')}>
            <UploadOutlined /> {t('circuit.curve.upload')}
          </Radio.Button>
          <Radio.Button value="paste" data-testid={tid('source-paste')}>
            <FileTextOutlined /> {t('circuit.curve.paste')}
          </Radio.Button>
        </Radio.Group>
      </Form.Item>

      {how === 'upload' ? (
        <Form.Item extra={dropHint}>
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
            data-testid={tid('upload')}
          >
            <Button icon={<UploadOutlined />}>{t('circuit.curve.chooseFile')}</Button>
          </Upload>
        </Form.Item>
      ) : (
        <Form.Item label={pasteLabel} htmlFor={tid('paste')}>
          <Input.TextArea
            id={tid('paste')}
            rows={6}
            value={pasted}
            placeholder={pastePlaceholder}
            onChange={(e) => {
              const text = e.target.value;
              setPasted(text);
              clearTimeout(readLater.current);
              readLater.current = setTimeout(() => readPasted(text), 400);
            }}
            data-testid={tid('paste')}
          />
        </Form.Item>
      )}

      {children}

      {shownError && (
        <Alert type="error" showIcon title={shownError} className="form-hint" data-testid={tid('error')} />
      )}
      {curve.label && (
        <Typography.Paragraph type="secondary" data-testid={tid('file')}>
          {t('circuit.curve.file', { name: curve.label })}
        </Typography.Paragraph>
      )}
      {!curve.source && <Empty description={t('circuit.curve.empty')} />}
      {parseError !== undefined && (
        <Alert
          type="error"
          showIcon
          title={t('circuit.curve.parseError', { msg: parseError })}
          data-testid={tid('parse-error')}
        />
      )}
      {summary && (
        <Space orientation="vertical" size={0} style={{ marginBottom: 16 }} data-testid={tid('summary')}>
          {summary}
        </Space>
      )}
    </>
  );
}
