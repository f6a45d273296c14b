import { LineChartOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type DeviceSpec, SWEEP_MAX_COMBINATIONS, SWEEP_MAX_VALUES } from '@pvforge/contracts';
import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInput, inputLabel, opticalInputs, sweepableInputs } from '../../lib/device-inputs';
import type { Run } from '../../pages/plat/calc/RunPanel';
import { formatNumber } from '../device-editor/fields';
import { submitSweepRun } from './submit';
import { checkSweep, defaultRange, type SweepAxisForm, type SweepIssue } from './sweep-model';

const blankAxis = (): SweepAxisForm => ({ path: '', spacing: 'lin', start: '', stop: '', points: '5' });

/** Up to six values, then "…" and the last. */
function preview(values: number[]): string {
  const shown =
    values.length > 7
      ? [...values.slice(0, 6).map(formatNumber), '…', formatNumber(values.at(-1)!)]
      : values.map(formatNumber);
  return shown.join(', ');
}

/**
 * The general parameter sweep of the optical and electrical forms (issue 19): any numeric field of
 * the device being edited (by its label, symbol and unit), one or two of them, linear or
 * logarithmic, checked before it is submitted (the limits are said up front), then run as a sweep
 * (POST /sys/calc/sweep) that the run panel follows.
 */
export function SweepPanel({
  kind,
  spec,
  name,
  onRun,
}: {
  kind: 'opt' | 'elec';
  spec: DeviceSpec;
  name: string;
  onRun: (r: Run) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [axes, setAxes] = useState<SweepAxisForm[]>([blankAxis()]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const fields = useMemo(() => {
    const all = sweepableInputs(spec, t, i18n.language);
    return kind === 'opt' ? opticalInputs(all) : all;
  }, [kind, spec, t, i18n.language]);
  const options = useMemo(() => fields.map((f) => ({ value: f.path, label: inputLabel(f) })), [fields]);
  const checked = checkSweep(axes, fields, t);
  const issues: SweepIssue[] = checked.ok ? [] : checked.issues;
  // missing fields are said after a first submit; a wrong number or limit as soon as it is typed
  const typed = (i: SweepIssue) =>
    i.axis !== 'all' && i.field !== 'path' && i.field !== 'count' && axes[i.axis]?.[i.field].trim() !== '';
  const shown = issues.filter((i) => tried || i.field === 'count' || typed(i));
  const issueOf = (axis: number, field: SweepIssue['field']) =>
    shown.find((i) => i.axis === axis && i.field === field)?.message;

  const setAxis = (k: number, patch: Partial<SweepAxisForm>) =>
    setAxes((as) => as.map((a, j) => (j === k ? { ...a, ...patch } : a)));
  const pick = (k: number, path: string) => {
    const f = fields.find((x) => x.path === path);
    const v = typeof f?.value === 'number' ? f.value : undefined;
    if (v === undefined) return setAxis(k, { path });
    const r = defaultRange(v);
    setAxis(k, { path, spacing: r.spacing, start: formatNumber(r.start), stop: formatNumber(r.stop) });
  };

  const submit = async () => {
    setTried(true);
    if (!checked.ok) {
      message.error(t('sweep.invalid'));
      return;
    }
    const what = checked.parameters.map((p) => p.label).join(' × ');
    setBusy(true);
    const run = await submitSweepRun({
      kind,
      device: spec,
      parameters: checked.parameters,
      name: t('sweep.name', { name, what }),
      t,
      message,
      submitted: (id, n) => t('sweep.submitted', { id, n }),
    });
    setBusy(false);
    if (run) onRun(run);
  };

  const count = checked.count;
  return (
    <Card size="small" title={t('sweep.title')} style={{ marginBottom: 12 }} data-testid="sweep-panel">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {kind === 'opt' ? t('sweep.introOpt') : t('sweep.intro')}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        {axes.map((a, k) => {
          const f = fields.find((x) => x.path === a.path);
          const values = checked.ok ? checked.parameters[k]?.values : undefined;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the axes are a fixed pair (first, second)
            <div key={k} data-testid={`sweep-axis-${k}`} style={{ marginBottom: 8 }}>
              {axes.length > 1 && <Typography.Text strong>{t('sweep.axisName', { n: k + 1 })}</Typography.Text>}
              <Form.Item
                label={t('sweep.field')}
                htmlFor={`sweep-field-${k}`}
                validateStatus={issueOf(k, 'path') ? 'error' : undefined}
                help={issueOf(k, 'path')}
                style={{ marginBottom: 8 }}
              >
                <Select
                  id={`sweep-field-${k}`}
                  showSearch
                  optionFilterProp="label"
                  value={a.path || undefined}
                  placeholder={t('sweep.fieldPlaceholder')}
                  options={options}
                  onChange={(v: string) => pick(k, v)}
                  data-testid={`sweep-field-${k}`}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              {f && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`sweep-current-${k}`}>
                  {t('sweep.current', { value: formatInput(f, t) })}
                </Typography.Text>
              )}
              <Form.Item label={t('sweep.spacing')} style={{ marginBottom: 8 }}>
                <Radio.Group
                  value={a.spacing}
                  onChange={(e) => setAxis(k, { spacing: e.target.value })}
                  data-testid={`sweep-spacing-${k}`}
                  optionType="button"
                  size="small"
                  options={[
                    { value: 'lin', label: t('sweep.lin') },
                    { value: 'log', label: t('sweep.log') },
                  ]}
                />
              </Form.Item>
              <Row gutter={8}>
                {(['start', 'stop', 'points'] as const).map((which) => (
                  <Col span={8} key={which}>
                    <Form.Item
                      label={
                        which === 'points'
                          ? t('sweep.points')
                          : `${t(`sweep.${which}`)}${f?.unit ? ` (${f.unit})` : ''}`
                      }
                      htmlFor={`sweep-${which}-${k}`}
                      validateStatus={issueOf(k, which) ? 'error' : undefined}
                      help={issueOf(k, which)}
                      style={{ marginBottom: 8 }}
                    >
                      <Input
                        id={`sweep-${which}-${k}`}
                        value={a[which]}
                        inputMode={which === 'points' ? 'numeric' : 'decimal'}
                        onChange={(e) => setAxis(k, { [which]: e.target.value })}
                        data-testid={`sweep-${which}-${k}`}
                      />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              {values && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`sweep-values-${k}`}>
                  {t('sweep.values', { values: preview(values) })}
                </Typography.Text>
              )}
            </div>
          );
        })}
      </Form>
      {axes.length === 1 ? (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => setAxes((as) => [...as, { ...blankAxis(), points: '3' }])}
          data-testid="sweep-add-second"
          style={{ marginBottom: 8 }}
        >
          {t('sweep.addSecond')}
        </Button>
      ) : (
        <Button
          size="small"
          type="dashed"
          icon={<MinusCircleOutlined />}
          onClick={() => setAxes((as) => as.slice(0, 1))}
          data-testid="sweep-remove-second"
          style={{ marginBottom: 8 }}
        >
          {t('sweep.removeSecond')}
        </Button>
      )}
      <Typography.Paragraph style={{ fontSize: 12, marginBottom: 8 }} data-testid="sweep-count">
        {t('sweep.count', { count: count ?? '–', maxValues: SWEEP_MAX_VALUES, max: SWEEP_MAX_COMBINATIONS })}
      </Typography.Paragraph>
      {shown.some((i) => i.axis === 'all') && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          title={shown.find((i) => i.axis === 'all')!.message}
          data-testid="sweep-too-many"
        />
      )}
      <Button
        icon={<LineChartOutlined />}
        block
        loading={busy}
        onClick={() => void submit()}
        data-testid="sweep-submit"
        title={!checked.ok && tried ? checked.issues.map((i) => i.message).join('\n') : undefined}
      >
        {t('sweep.submit')}
      </Button>
    </Card>
  );
}
