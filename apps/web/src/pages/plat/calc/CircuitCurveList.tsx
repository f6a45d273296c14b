import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CircuitCurveInput, type CurveState } from './CircuitCurveInput';
import { checkCurveLight, MAX_FIT_CURVES, type ParseChoice, type Preview, type Problem } from './CircuitModel';

/** One curve of the device as the calc/circle2 form holds it. */
export interface CurveEntry {
  /** Stable React key. */
  id: number;
  curve: CurveState;
  choice: ParseChoice;
  /** Name the result shows; the file name until the user changes it. */
  name: string;
  /** Incident power, mW/cm². */
  pin: string;
  /** Light intensity in suns; empty = incident power / 100. */
  suns: string;
}

let nextId = 1;
export function newCurveEntry(curve: CurveState = {}, extra: Partial<CurveEntry> = {}): CurveEntry {
  return { id: nextId++, curve, choice: {}, name: curve.label ?? '', pin: '100', suns: '', ...extra };
}

/** Test id suffix of curve k: none for the first (the single-curve ids stay), "-2", "-3", ... after. */
export const curveSuffix = (k: number) => (k === 0 ? '' : `-${k + 1}`);

/**
 * The curves of one device for the modified-diode fit (calc/circle2): each read and previewed by
 * the engine's parser, with the light it was measured under; several files can be chosen at once.
 * They are fitted together: the recombination parameters and Rs are shared, Jph and Rsh are the
 * curve's own.
 */
export function CircuitCurveList({
  entries,
  onChange,
  previews,
  showErrors,
  missing,
}: {
  entries: CurveEntry[];
  /** Updates from the previous list: several files read at once each add to the latest one. */
  onChange: (f: (previous: CurveEntry[]) => CurveEntry[]) => void;
  previews: (Preview | undefined)[];
  /** Show the light fields' problems (after a submit). */
  showErrors: boolean;
  /** Message for a curve without data (after a submit). */
  missing?: string;
}) {
  const { t } = useTranslation();
  const update = (id: number, patch: (e: CurveEntry) => Partial<CurveEntry>) =>
    onChange((all) => all.map((e) => (e.id === id ? { ...e, ...patch(e) } : e)));
  const message = (p: Problem | undefined) => (p ? t(`circuit.err.${p.key}`, p.values) : undefined);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="curve-list">
      <Typography.Paragraph type="secondary">{t('circuit.curves.hint', { max: MAX_FIT_CURVES })}</Typography.Paragraph>
      {entries.map((e, k) => {
        const preview = previews[k];
        const dark = preview?.ok === true && preview.curve.detected.illumination === 'dark';
        const light = checkCurveLight(e, dark);
        const sfx = curveSuffix(k);
        return (
          <Card
            key={e.id}
            size="small"
            data-testid={`curve-card${sfx}`}
            title={t('circuit.curves.title', { k: k + 1, name: e.name || t('circuit.curves.unnamed') })}
            extra={
              entries.length > 1 && (
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  onClick={() => onChange((all) => all.filter((x) => x.id !== e.id))}
                  data-testid={`curve-remove${sfx}`}
                >
                  {t('circuit.curves.remove')}
                </Button>
              )
            }
          >
            <CircuitCurveInput
              curve={e.curve}
              onCurve={(c) =>
                update(e.id, (old) => ({
                  curve: c,
                  // the file's name until the user names the curve
                  name: old.name && old.name !== old.curve.label ? old.name : (c.label ?? ''),
                }))
              }
              choice={e.choice}
              onChoice={(choice) => update(e.id, () => ({ choice }))}
              preview={preview}
              error={showErrors && !e.curve.source ? missing : undefined}
              testSuffix={sfx}
              onExtraFile={(c) => onChange((all) => (all.length < MAX_FIT_CURVES ? [...all, newCurveEntry(c)] : all))}
            />
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item label={t('circuit.curves.name')} htmlFor={`curve-name${sfx}`}>
                  <Input
                    id={`curve-name${sfx}`}
                    maxLength={100}
                    value={e.name}
                    onChange={(x) => update(e.id, () => ({ name: x.target.value }))}
                    data-testid={`curve-name${sfx}`}
                  />
                </Form.Item>
              </Col>
              {dark ? (
                <Col xs={24} md={16}>
                  <Alert type="info" showIcon title={t('circuit.curves.darkNote')} data-testid={`curve-dark${sfx}`} />
                </Col>
              ) : (
                <>
                  <Col xs={24} md={8}>
                    <Form.Item
                      label={t('circuit.form.pin')}
                      tooltip={t('circuit.curves.pinTip')}
                      htmlFor={`curve-pin${sfx}`}
                      validateStatus={showErrors && light.pin ? 'error' : undefined}
                      help={showErrors ? message(light.pin) : undefined}
                    >
                      <Input
                        id={`curve-pin${sfx}`}
                        addonAfter="mW/cm²"
                        inputMode="decimal"
                        value={e.pin}
                        onChange={(x) => update(e.id, () => ({ pin: x.target.value }))}
                        data-testid={`curve-pin${sfx}`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      label={t('circuit.curves.suns')}
                      tooltip={t('circuit.curves.sunsTip')}
                      htmlFor={`curve-suns${sfx}`}
                      validateStatus={showErrors && light.suns ? 'error' : undefined}
                      help={showErrors ? message(light.suns) : undefined}
                    >
                      <Input
                        id={`curve-suns${sfx}`}
                        inputMode="decimal"
                        placeholder={t('circuit.curves.sunsAuto')}
                        value={e.suns}
                        onChange={(x) => update(e.id, () => ({ suns: x.target.value }))}
                        data-testid={`curve-suns${sfx}`}
                      />
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>
          </Card>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        disabled={entries.length >= MAX_FIT_CURVES}
        onClick={() => onChange((all) => [...all, newCurveEntry()])}
        data-testid="curve-add"
      >
        {t('circuit.curves.add')}
      </Button>
    </Space>
  );
}
