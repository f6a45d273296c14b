import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { checkMaterialInput, NK_FILE_MAX_BYTES, type NkUnit, parseNkFile } from '@pvforge/contracts';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../api/client';
import {
  MATERIAL_CATEGORIES,
  type Material,
  type MaterialCategory,
  type MaterialInput,
  materialsApi,
} from '../../../api/materials';
import { paramLang } from '../../../lib/params';
import { useLang } from '../../../lib/useLang';
import { NkPlot } from './MaterialBits';
import { useShippedTable } from './MaterialDetail';
import {
  checkNumber,
  ELEC_FIELDS,
  ELEC_GROUPS,
  elecRules,
  elecWords,
  emptyFormValues,
  fieldId,
  formToMaterial,
  type MaterialFormValues,
  materialToForm,
  type NkData,
  type NumRule,
  OPTICAL_KINDS,
  problemPath,
} from './material-form';
import { nkCurves } from './nk';

type Unit = 'auto' | 'nm' | 'um';

interface Props {
  /** The material being edited; absent for a new one. */
  initial?: MaterialInput | Material;
  defaultCategory?: MaterialCategory;
  /**
   * Saves; the caller reports success and navigates. A rejection is shown here: the server's
   * field problems (code 4203, data.errors) on their fields, and the message.
   */
  onSubmit: (m: MaterialInput) => Promise<unknown>;
  onCancel: () => void;
  /** data-testid prefix of the form's controls. */
  testid?: string;
}

/**
 * The material form shared by the personal "add / edit" dialog and the administrator add / edit
 * pages: names and category, the optical model (shipped table, uploaded n,k file with preview,
 * constant n/k, Cauchy), every electrical parameter with unit, tooltip and numeric check, a source
 * per value, the references and notes.
 */
export function MaterialForm({ initial, defaultCategory, onSubmit, onCancel, testid = 'material-form' }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const [form] = Form.useForm<MaterialFormValues>();
  const start = useMemo(
    () => (initial ? materialToForm(initial) : { values: emptyFormValues(defaultCategory), nk: null }),
    [initial, defaultCategory],
  );
  const [nk, setNkState] = useState<NkData | null>(start.nk);
  // The file rule reads the latest table, also when validated right after loading (before a render).
  const nkRef = useRef<NkData | null>(start.nk);
  const setNk = (v: NkData | null) => {
    nkRef.current = v;
    setNkState(v);
  };
  const [nkError, setNkError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [unit, setUnit] = useState<Unit>('auto');
  const [parsing, setParsing] = useState(false);
  const [busy, setBusy] = useState(false);
  const opticalKind = Form.useWatch('opticalKind', form) ?? start.values.opticalKind;
  const references = Form.useWatch('references', form);
  const watched = Form.useWatch([], form) as MaterialFormValues | undefined;

  useEffect(() => {
    form.setFieldsValue(start.values);
    nkRef.current = start.nk;
    setNkState(start.nk);
  }, [form, start]);

  const numRule = (rule: NumRule, required = false) => ({
    validator: (_: unknown, value: unknown) => {
      const s = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
      if (required && s.trim() === '') return Promise.reject(new Error(t('materials.form.required')));
      const err = checkNumber(s, rule);
      return err ? Promise.reject(new Error(t(`materials.num.${err}`))) : Promise.resolve();
    },
  });

  const plang = paramLang(i18n.language);
  // the registry's label with its symbol and unit; the form's own words only for a field it lacks
  const elecLabel = (key: string, withUnit: boolean) => {
    const w = elecWords(key, plang);
    if (!w) return t(`materials.field.${fieldId(key)}`);
    return withUnit && w.unit ? `${w.label} (${w.unit})` : w.label;
  };

  const refOptions = (references ?? [])
    .map((r) => r?.key?.trim())
    .filter((k): k is string => !!k)
    .map((k) => ({ value: k }));

  /** Local check first (parseNkFile of contracts: errors with their line), then the server's parse. */
  const loadFile = async (f: File, u: Unit) => {
    setNkError(null);
    setWarnings([]);
    if (f.size > NK_FILE_MAX_BYTES) {
      setNk(null);
      setNkError(t('materials.nkError.tooBig'));
      return;
    }
    setParsing(true);
    try {
      const unitArg = u === 'auto' ? undefined : (u as NkUnit);
      const local = parseNkFile(await f.text(), unitArg);
      if (!local.ok) {
        setNk(null);
        setNkError(local.errors.map((e) => e.msg[lang]).join('\n'));
        return;
      }
      const tb = local.table;
      setNk({ wavelengthNm: tb.wavelengthNm, n: tb.n, k: tb.k });
      setWarnings(tb.warnings.map((w) => w.msg[lang]));
      try {
        const parsed = await materialsApi.parseNk(f, f.name, unitArg);
        setNk({ wavelengthNm: parsed.wavelengthNm, n: parsed.n, k: parsed.k });
        setWarnings(parsed.warnings ?? []);
      } catch (e) {
        if (e instanceof ApiError) {
          setNk(null);
          setNkError(t('materials.nkError.server', { msg: e.message }));
        }
        // Without the server (network), the local result stands; saving will tell.
      }
    } finally {
      setParsing(false);
      form.validateFields(['nkFile']).catch(() => {});
    }
  };

  /** Shows problems ({field, msg}) on their form fields; returns those no field shows. */
  const showProblems = (problems: { field: string; msg: string }[], kind: MaterialFormValues['opticalKind']) => {
    const rest: string[] = [];
    const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
    for (const p of problems) {
      const name = problemPath(p.field, kind);
      if (!name) {
        rest.push(p.msg);
        continue;
      }
      const k = JSON.stringify(name);
      const entry = byField.get(k) ?? { name, errors: [] };
      entry.errors.push(p.msg);
      byField.set(k, entry);
    }
    form.setFields([...byField.values()] as Parameters<typeof form.setFields>[0]);
    return rest;
  };

  const [formErrors, setFormErrors] = useState<string[]>([]);
  const onFinish = async (v: MaterialFormValues) => {
    setFormErrors([]);
    const input = formToMaterial(v, nk);
    // The same whole-material check the server runs (bounds, ions/exciton pairs, sources).
    const checked = checkMaterialInput(input);
    if (!checked.ok) {
      setFormErrors(
        showProblems(
          checked.problems.map((p) => ({ field: p.field, msg: p.msg[lang] })),
          v.opticalKind,
        ),
      );
      message.error(t('materials.form.invalid'));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(input);
    } catch (e) {
      if (e instanceof ApiError) {
        const data = e.answer.data as { errors?: { field: string; msg: string }[] } | null;
        if (data?.errors?.length) setFormErrors(showProblems(data.errors, v.opticalKind));
        message.error(t('materials.failed', { msg: e.message }));
      } else if (e instanceof NetworkError) message.error(t('common.networkError'));
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  const tableId = opticalKind === 'table' ? (watched?.tableId ?? '').trim() : '';
  const shipped = useShippedTable(tableId || undefined);
  const preview = useMemo(() => {
    if (!watched) return null;
    if (opticalKind === 'tabulated') return nk;
    if (opticalKind === 'table') return shipped.data ?? null;
    try {
      const curves = nkCurves(formToMaterial({ ...watched, name: watched.name ?? '' }, nk).optical);
      // Half-typed numbers draw nothing rather than NaN.
      return curves && [...curves.n, ...curves.k].every(Number.isFinite) ? curves : null;
    } catch {
      return null;
    }
  }, [watched, nk, opticalKind, shipped.data]);

  const tid = (s: string) => `${testid}-${s}`;

  return (
    <Form<MaterialFormValues>
      form={form}
      layout="vertical"
      name={testid}
      initialValues={start.values}
      onFinish={onFinish}
      onFinishFailed={() => message.error(t('materials.form.invalid'))}
      scrollToFirstError
      data-testid={testid}
    >
      <div className="stack">
        <Card title={t('materials.form.basic')} size="small">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label={t('materials.form.name')}
                rules={[
                  { required: true, whitespace: true, message: t('materials.form.nameRequired') },
                  { max: 100, message: t('materials.form.nameMax') },
                ]}
              >
                <Input placeholder={t('materials.form.namePh')} data-testid={tid('name')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="nameEn"
                label={t('materials.form.nameEn')}
                rules={[{ max: 100, message: t('materials.form.nameMax') }]}
              >
                <Input data-testid={tid('name-en')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="formula"
                label={t('materials.form.formula')}
                rules={[{ max: 100, message: t('materials.form.nameMax') }]}
              >
                <Input placeholder={t('materials.form.formulaPh')} data-testid={tid('formula')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="category"
                label={t('materials.form.category')}
                rules={[{ required: true, message: t('materials.form.categoryRequired') }]}
              >
                <Select
                  data-testid={tid('category')}
                  options={MATERIAL_CATEGORIES.map((c) => ({ value: c, label: t(`materials.category.${c}`) }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('materials.form.optical')} size="small">
          <Form.Item name="opticalKind" label={t('materials.form.opticalKind')}>
            <Radio.Group data-testid={tid('optical-kind')}>
              {OPTICAL_KINDS.map((k) => (
                <Radio key={k} value={k} data-testid={tid(`optical-${k}`)}>
                  {t(`materials.optical.${k}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          {opticalKind === 'table' && (
            <Form.Item
              name="tableId"
              label={t('materials.form.tableId')}
              rules={[{ required: true, whitespace: true, message: t('materials.form.tableIdRequired') }]}
            >
              <Input placeholder={t('materials.form.tableIdPh')} data-testid={tid('table-id')} />
            </Form.Item>
          )}
          {opticalKind === 'tabulated' && (
            <>
              <Typography.Paragraph type="secondary">{t('materials.form.nkHint')}</Typography.Paragraph>
              <Form.Item label={t('materials.form.nkUnit')}>
                <Radio.Group
                  value={unit}
                  onChange={(e) => {
                    const u = e.target.value as Unit;
                    setUnit(u);
                    if (file) void loadFile(file, u);
                  }}
                  data-testid={tid('nk-unit')}
                >
                  <Radio value="auto">{t('materials.form.unitAuto')}</Radio>
                  <Radio value="nm">{t('materials.form.unitNm')}</Radio>
                  <Radio value="um">{t('materials.form.unitUm')}</Radio>
                </Radio.Group>
              </Form.Item>
              <Form.Item
                name="nkFile"
                label={t('materials.form.nkFile')}
                required
                rules={[
                  {
                    validator: () =>
                      nkRef.current && nkRef.current.wavelengthNm.length > 0
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('materials.form.nkMissing'))),
                  },
                ]}
              >
                <Upload
                  accept=".csv,.txt,.dat,text/csv,text/plain"
                  maxCount={1}
                  showUploadList={false}
                  beforeUpload={(f) => {
                    setFile(f);
                    void loadFile(f, unit);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid={tid('nk-choose')}>
                    {t('materials.form.chooseFile')}
                  </Button>
                </Upload>
              </Form.Item>
              {file && <Typography.Paragraph data-testid={tid('nk-file-name')}>{file.name}</Typography.Paragraph>}
              {parsing && <Spin description={t('materials.form.parsing')} />}
              {nkError && (
                <Alert
                  type="error"
                  showIcon
                  title={nkError}
                  style={{ whiteSpace: 'pre-wrap' }}
                  data-testid={tid('nk-error')}
                />
              )}
              {nk && !nkError && (
                <Alert
                  type="success"
                  showIcon
                  data-testid={tid('nk-loaded')}
                  title={t('materials.form.nkLoaded', {
                    points: nk.wavelengthNm.length,
                    min: nk.wavelengthNm[0],
                    max: nk.wavelengthNm[nk.wavelengthNm.length - 1],
                  })}
                  description={warnings.length > 0 ? warnings.join('; ') : undefined}
                />
              )}
            </>
          )}
          {opticalKind === 'constant' && (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="constN" label={t('materials.form.constN')} rules={[numRule('pos', true)]}>
                  <Input inputMode="decimal" data-testid={tid('const-n')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="constK" label={t('materials.form.constK')} rules={[numRule('nonneg', true)]}>
                  <Input inputMode="decimal" data-testid={tid('const-k')} />
                </Form.Item>
              </Col>
            </Row>
          )}
          {opticalKind === 'cauchy' && (
            <>
              <Typography.Paragraph type="secondary">{t('materials.form.cauchyHint')}</Typography.Paragraph>
              <Row gutter={16}>
                <Col xs={12} md={6}>
                  <Form.Item name="cauchyA" label={t('materials.form.cauchyA')} rules={[numRule('pos', true)]}>
                    <Input inputMode="decimal" data-testid={tid('cauchy-a')} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item
                    name="cauchyB"
                    label={`${t('materials.form.cauchyB')} (μm²)`}
                    rules={[numRule('any', true)]}
                  >
                    <Input inputMode="decimal" data-testid={tid('cauchy-b')} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="cauchyC" label={`${t('materials.form.cauchyC')} (μm⁴)`} rules={[numRule('any')]}>
                    <Input inputMode="decimal" data-testid={tid('cauchy-c')} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="cauchyK" label={t('materials.form.cauchyK')} rules={[numRule('nonneg')]}>
                    <Input inputMode="decimal" data-testid={tid('cauchy-k')} />
                  </Form.Item>
                </Col>
              </Row>
            </>
          )}
          <Form.Item name={['src', 'optical']} label={t('materials.detail.opticalSource')}>
            <AutoComplete options={refOptions} placeholder={t('materials.form.sourcePh')}>
              <Input data-testid={tid('src-optical')} />
            </AutoComplete>
          </Form.Item>
          {preview && preview.wavelengthNm.length > 0 && (
            <div data-testid={tid('nk-preview')}>
              <NkPlot
                testid={tid('nk-plot')}
                title={t('materials.form.nkPreview')}
                fileName={`${watched?.name || 'material'}-nk`}
                nk={preview}
              />
            </div>
          )}
        </Card>

        <Card title={t('materials.form.electrical')} size="small">
          <Typography.Paragraph type="secondary">{t('materials.form.electricalHint')}</Typography.Paragraph>
          {ELEC_GROUPS.map((g) => (
            <fieldset key={g} style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t(`materials.group.${g}`)}</legend>
              <Row gutter={16}>
                {ELEC_FIELDS.filter((f) => f.group === g).map((f) => (
                  <Col xs={24} md={12} key={f.key}>
                    <Row gutter={8}>
                      <Col span={14}>
                        <Form.Item
                          name={['elec', f.key]}
                          label={elecLabel(f.key, true)}
                          tooltip={elecWords(f.key, plang)?.tip ?? t(`materials.tip.${fieldId(f.key)}`)}
                          rules={elecRules(f.key, plang, t('materials.num.format'))}
                        >
                          {f.choice === 'sign' ? (
                            <Select
                              allowClear
                              options={[
                                { value: '1', label: t('materials.ionSign.plus') },
                                { value: '-1', label: t('materials.ionSign.minus') },
                              ]}
                              placeholder={t('materials.ionSign.placeholder')}
                              data-testid={tid(`elec-${fieldId(f.key)}`)}
                            />
                          ) : (
                            <Input inputMode="decimal" data-testid={tid(`elec-${fieldId(f.key)}`)} />
                          )}
                        </Form.Item>
                      </Col>
                      <Col span={10}>
                        <Form.Item name={['src', f.key]} label={t('materials.form.source')}>
                          <AutoComplete options={refOptions}>
                            <Input
                              placeholder={t('materials.form.sourcePh')}
                              aria-label={`${elecLabel(f.key, false)} · ${t('materials.form.source')}`}
                              data-testid={tid(`src-${fieldId(f.key)}`)}
                            />
                          </AutoComplete>
                        </Form.Item>
                      </Col>
                    </Row>
                  </Col>
                ))}
              </Row>
            </fieldset>
          ))}
        </Card>

        <Card title={t('materials.form.references')} size="small">
          <Form.List name="references">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Row gutter={8} key={field.key} align="top">
                    <Col xs={24} md={5}>
                      <Form.Item
                        name={[field.name, 'key']}
                        label={t('materials.form.refKey')}
                        rules={[{ required: true, whitespace: true, message: t('materials.form.refRequired') }]}
                      >
                        <Input placeholder={t('materials.form.refKeyPh')} data-testid={tid(`ref-key-${i}`)} />
                      </Form.Item>
                    </Col>
                    <Col xs={20} md={17}>
                      <Form.Item
                        name={[field.name, 'citation']}
                        label={t('materials.form.refCitation')}
                        rules={[
                          { required: true, whitespace: true, message: t('materials.form.refRequired') },
                          { max: 1000 },
                        ]}
                      >
                        <Input placeholder={t('materials.form.refCitationPh')} data-testid={tid(`ref-citation-${i}`)} />
                      </Form.Item>
                    </Col>
                    <Col xs={4} md={2}>
                      <Form.Item label=" ">
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('materials.form.removeRef')}
                          onClick={() => remove(field.name)}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ key: `ref${fields.length + 1}`, citation: '' })}
                  data-testid={tid('add-ref')}
                >
                  {t('materials.form.addRef')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card title={t('materials.form.notes')} size="small">
          <Form.Item
            name="notes"
            label={t('materials.form.notes')}
            rules={[{ max: 2000, message: t('materials.form.notesMax') }]}
          >
            <Input.TextArea rows={4} showCount maxLength={2000} data-testid={tid('notes')} />
          </Form.Item>
        </Card>

        {formErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={formErrors.join('\n')}
            style={{ whiteSpace: 'pre-wrap' }}
            data-testid={tid('errors')}
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid={tid('submit')}>
            {t('materials.form.save')}
          </Button>
          <Button onClick={onCancel} data-testid={tid('cancel')}>
            {t('materials.form.cancel')}
          </Button>
        </Space>
      </div>
    </Form>
  );
}
