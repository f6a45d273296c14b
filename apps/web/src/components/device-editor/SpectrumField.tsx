import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type Lang,
  SPECTRUM_LIMITS,
  SPECTRUM_UNIT_LABELS,
  type SpectrumCreateBody,
  type SpectrumSpec,
  spectrumProblemText,
} from '@pvforge/contracts';
import {
  parseSpectrumCsv,
  parseSpectrumTable,
  SPECTRUM_IRRADIANCE_UNITS,
  SPECTRUM_TABLE_LIMITS,
  SPECTRUM_WAVELENGTH_UNITS,
  type Spectrum,
  type SpectrumIrradianceUnit,
  type SpectrumWavelengthUnit,
  spectrumCoverage,
  spectrumPowerWm2,
} from '@pvforge/engine';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Typography,
  Upload,
} from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataBaseUrl } from '../../api/editor';
import { spectraApi, spectraKeys } from '../../api/spectra';
import { useEditorSelect, useEditorSet } from './context';
import { SelectField } from './fields';
import { DEFAULT_ILLUMINATION } from './model';
import type { PreviewMismatch } from './preview-protocol';

const LinePlot = lazy(() => import('../plots/LinePlot'));

type Tabulated = Extract<SpectrumSpec, { kind: 'tabulated' }>;

const BUILTIN = ['AM1.5G', 'AM0', 'AM1.5D'] as const;

/** AM1.5G from the data-file route, the reference every user spectrum is drawn and compared against. */
function useAm15g() {
  return useQuery({
    queryKey: ['spectra', 'am15g'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Spectrum> => {
      const res = await fetch(`${dataBaseUrl()}/spectra/am15g.csv`);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return parseSpectrumCsv(await res.text(), 'AM1.5G');
    },
  });
}

const fmt = (v: number, digits = 1) => Number(v.toFixed(digits)).toString();

/** The spectrum (W m^-2 nm^-1) against AM1.5G, value axes with units, exportable (LinePlot). */
function SpectrumPlot({
  name,
  wavelengthNm,
  irradianceWm2Nm,
}: {
  name: string;
  wavelengthNm: ArrayLike<number>;
  irradianceWm2Nm: ArrayLike<number>;
}) {
  const { t } = useTranslation();
  const am15g = useAm15g();
  const series = [
    { name, x: wavelengthNm, y: irradianceWm2Nm },
    ...(am15g.data
      ? [{ name: 'AM1.5G', x: am15g.data.wavelengthNm, y: am15g.data.irradianceWm2Nm, dashed: true }]
      : []),
  ];
  return (
    <Suspense fallback={<Spin />}>
      <LinePlot
        testid="spectrum-plot"
        title={t('spectra.previewTitle')}
        fileName="spectrum-vs-am15g"
        // the user's range: AM1.5G runs to 4000 nm and would squeeze a lamp's spectrum to the left
        x={{
          label: t('spectra.wavelength'),
          unit: 'nm',
          min: wavelengthNm[0]!,
          max: wavelengthNm[wavelengthNm.length - 1]!,
        }}
        y={{ label: t('spectra.irradiance'), unit: 'W m⁻² nm⁻¹', min: 0 }}
        series={series}
        height={260}
      />
    </Suspense>
  );
}

/** The calculation's wavelength range, as the engine will build its grid. */
function useCalcRange(): { startNm: number; endNm: number } {
  const w = useEditorSelect((c) => c.state.illumination?.wavelength) ?? DEFAULT_ILLUMINATION.wavelength;
  return { startNm: w.startNm, endNm: w.endNm };
}

/**
 * The upload dialog: a file, its name and units; the engine reads it as the user changes the
 * units (the same parseSpectrumTable the server uses, so the messages agree), the plot shows it
 * against AM1.5G, and saving keeps it in the personal library and selects it.
 */
function UploadDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' ? 'en' : 'zh-CN') as Lang;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const range = useCalcRange();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [name, setName] = useState('');
  const [wavelength, setWavelength] = useState<SpectrumWavelengthUnit>('nm');
  const [irradiance, setIrradiance] = useState<SpectrumIrradianceUnit>('W_m2_nm');
  const [busy, setBusy] = useState(false);
  const parsed = useMemo(
    () => (text ? parseSpectrumTable(text, { wavelength, irradiance }, name || fileName) : undefined),
    [text, wavelength, irradiance, name, fileName],
  );
  const coverage = parsed?.spectrum && spectrumCoverage(parsed.spectrum, range.startNm, range.endNm);
  const save = async () => {
    if (!parsed?.spectrum) return;
    setBusy(true);
    const body: SpectrumCreateBody = {
      name: name.trim() || fileName,
      text,
      wavelengthUnit: wavelength,
      irradianceUnit: irradiance,
    };
    try {
      const { id } = await spectraApi.create(body);
      await qc.invalidateQueries({ queryKey: spectraKeys.list });
      message.success(t('spectra.saved', { name: body.name }));
      onSaved(id);
      setText('');
      setName('');
      setFileName('');
    } catch (e) {
      message.error(t('spectra.failed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };
  const s = parsed?.spectrum;
  return (
    <Modal
      open={open}
      title={t('spectra.uploadTitle')}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('spectra.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={busy}
          disabled={!s || !!coverage || !(name.trim() || fileName)}
          onClick={() => void save()}
          data-testid="spectrum-save"
        >
          {t('spectra.saveUse')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {t('spectra.uploadHint', { min: SPECTRUM_TABLE_LIMITS.minPoints, max: SPECTRUM_TABLE_LIMITS.maxPoints })}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label={t('spectra.file')}>
              <Upload
                accept=".csv,.txt,.dat,text/plain,text/csv"
                showUploadList={false}
                beforeUpload={(f) => {
                  void f.text().then((txt) => {
                    setText(txt);
                    setFileName(f.name.replace(/\.[^.]+$/, '').slice(0, SPECTRUM_LIMITS.nameMaxChars));
                  });
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="spectrum-file">
                  {fileName || t('spectra.chooseFile')}
                </Button>
              </Upload>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('spectra.name')} htmlFor="spectrum-name">
              <Input
                id="spectrum-name"
                value={name}
                maxLength={SPECTRUM_LIMITS.nameMaxChars}
                placeholder={fileName || t('spectra.namePh')}
                onChange={(e) => setName(e.target.value)}
                data-testid="spectrum-name"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('spectra.wavelengthUnit')}>
              <Select
                value={wavelength}
                onChange={setWavelength}
                options={SPECTRUM_WAVELENGTH_UNITS.map((u) => ({ value: u, label: SPECTRUM_UNIT_LABELS[u] }))}
                data-testid="spectrum-wavelength-unit"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('spectra.irradianceUnit')}>
              <Select
                value={irradiance}
                onChange={setIrradiance}
                options={SPECTRUM_IRRADIANCE_UNITS.map((u) => ({ value: u, label: SPECTRUM_UNIT_LABELS[u] }))}
                data-testid="spectrum-irradiance-unit"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {parsed && parsed.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="spectrum-problems"
          title={t('spectra.problems')}
          description={
            <ul className="dev-msg-list">
              {parsed.problems.map((p) => (
                <li key={JSON.stringify(p)}>{spectrumProblemText(p, lang)}</li>
              ))}
            </ul>
          }
        />
      )}
      {coverage && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="spectrum-coverage"
          title={t('spectra.notCovering', { msg: spectrumProblemText(coverage, lang) })}
        />
      )}
      {s && (
        <>
          <Typography.Text data-testid="spectrum-summary">
            {t('spectra.points', {
              count: s.wavelengthNm.length,
              from: fmt(s.wavelengthNm[0]!),
              to: fmt(s.wavelengthNm[s.wavelengthNm.length - 1]!),
              power: fmt(spectrumPowerWm2(s)),
            })}
          </Typography.Text>
          <SpectrumPlot name={name || fileName} wavelengthNm={s.wavelengthNm} irradianceWm2Nm={s.irradianceWm2Nm} />
        </>
      )}
    </Modal>
  );
}

/**
 * The incident spectrum: the built-in ASTM G173 spectra, the user's own (personal library) and a
 * spectrum that came with an imported device; upload of a new one; for a user spectrum its plot
 * against AM1.5G, whether it covers the calculation range and the mismatch factor for this device.
 */
export function SpectrumField() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  const [uploading, setUploading] = useState(false);
  const [loadingId, setLoadingId] = useState<number>();
  const mine = useQuery({ queryKey: spectraKeys.list, queryFn: spectraApi.list });
  const sp = useEditorSelect((c) => c.state.illumination?.spectrum);
  const tab = sp?.kind === 'tabulated' ? (sp as Tabulated) : undefined;
  const value = sp?.kind === 'builtin' ? sp.id : sp?.kind === 'tabulated' ? 'tabulated' : 'other';

  const options = [
    ...BUILTIN.map((id) => ({ value: id as string, label: id as string })),
    ...(mine.data?.list ?? []).map((s) => ({ value: `user:${s.id}`, label: t('spectra.mine', { name: s.name }) })),
  ];
  if (tab) options.push({ value: 'tabulated', label: t('spectra.custom', { name: tab.name ?? '–' }) });
  else if (value === 'other')
    options.push({ value: 'other', label: t('editor.field.spectrumOther', { kind: sp?.kind }) });

  const applyLibrary = async (id: number) => {
    setLoadingId(id);
    try {
      const d = await spectraApi.get(id);
      set('illumination.spectrum', {
        kind: 'tabulated',
        name: d.name,
        wavelengthNm: d.wavelengthNm,
        irradianceWm2Nm: d.irradianceWm2Nm,
      } satisfies Tabulated);
    } catch (e) {
      message.error(t('spectra.failed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setLoadingId(undefined);
    }
  };
  const onPick = (v: string) => {
    if (v.startsWith('user:')) void applyLibrary(Number(v.slice(5)));
    else if ((BUILTIN as readonly string[]).includes(v)) set('illumination.spectrum', { kind: 'builtin', id: v });
  };
  const selectedLibrary = tab && mine.data?.list.find((s) => s.name === tab.name);
  const remove = async (id: number) => {
    try {
      await spectraApi.remove(id);
      await qc.invalidateQueries({ queryKey: spectraKeys.list });
      message.success(t('spectra.removed'));
    } catch (e) {
      message.error(t('spectra.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };

  return (
    <div data-testid="spectrum-field">
      <SelectField
        path="illumination.spectrum"
        label={t('editor.field.spectrum')}
        options={options}
        value={value}
        onChange={onPick}
      />
      <Space wrap style={{ marginBottom: 8 }}>
        <Button
          size="small"
          icon={<UploadOutlined />}
          disabled={disabled}
          onClick={() => setUploading(true)}
          data-testid="spectrum-upload"
        >
          {t('spectra.upload')}
        </Button>
        {selectedLibrary && (
          <Popconfirm
            title={t('spectra.removeConfirm', { name: selectedLibrary.name })}
            onConfirm={() => void remove(selectedLibrary.id)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} disabled={disabled} data-testid="spectrum-remove">
              {t('spectra.remove')}
            </Button>
          </Popconfirm>
        )}
        {loadingId !== undefined && <Spin size="small" aria-label={t('spectra.loading')} />}
      </Space>
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onSaved={(id) => {
          setUploading(false);
          void applyLibrary(id);
        }}
      />
    </div>
  );
}

/**
 * Under the illumination settings: the chosen user spectrum against AM1.5G and its mismatch factor
 * (a spectrum that does not cover the calculation range is a field error of checkDeviceSpec).
 */
export function SpectrumPreview({ mismatch }: { mismatch?: PreviewMismatch | undefined }) {
  const { t } = useTranslation();
  const sp = useEditorSelect((c) => c.state.illumination?.spectrum);
  if (sp?.kind !== 'tabulated') return null;
  const tab = sp as Tabulated;
  return (
    <div data-testid="spectrum-preview" style={{ marginBottom: 8 }}>
      <SpectrumPlot
        name={tab.name ?? t('spectra.custom', { name: '' })}
        wavelengthNm={tab.wavelengthNm}
        irradianceWm2Nm={tab.irradianceWm2Nm}
      />
      {mismatch && (
        <Alert
          type="info"
          data-testid="spectrum-mismatch"
          title={
            <span>
              {t('spectra.mismatch')}:{' '}
              <strong data-testid="spectrum-mismatch-value">{mismatch.factor.toFixed(4)}</strong>
              {' · '}
              {t('spectra.jscCorrected', { value: mismatch.jscCorrectedMaCm2.toFixed(2) })}
            </span>
          }
          description={t('spectra.mismatchNote')}
        />
      )}
    </div>
  );
}
