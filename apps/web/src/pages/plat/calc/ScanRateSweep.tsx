import { LineChartOutlined } from '@ant-design/icons';
import type { DeviceSpec } from '@pvforge/contracts';
import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCAN_RATE_PATH, scanRateSeries, usesDefaultRate } from '../../../components/device-editor/transient-model';
import { submitSweepRun } from '../../../components/sweep/submit';
import { paramLang, wordsOf } from '../../../lib/params';
import type { Run } from './RunPanel';

/** Rates typed as "0.01, 0.1, 1": the numbers when every entry is a positive number, else undefined. */
export function parseRates(text: string): number[] | undefined {
  const parts = text
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const nums = parts.map(Number);
  return nums.length > 0 && nums.every((v) => Number.isFinite(v) && v > 0) ? nums : undefined;
}

/**
 * The device a scan-rate series runs: the profile times are left out (they belong to one rate's
 * protocol and would lie outside a faster one) and so is the impedance spectrum (it does not
 * depend on the scan rate); the rest is the device as edited.
 */
export function seriesDevice(spec: DeviceSpec): DeviceSpec {
  const out = structuredClone(spec);
  if (out.electrical?.transient) delete out.electrical.transient.profileTimesS;
  if (out.electrical) delete out.electrical.impedance;
  return out;
}

/**
 * The hysteresis index against the scan rate: the device being edited run once per rate, as a
 * parameter sweep of the protocol's default scan rate (`electrical.transient.rateVPerS`, which
 * every scan without its own rate takes); the comparison page plots HI against the rate.
 */
export function ScanRateSweep({ spec, name, onRun }: { spec: DeviceSpec; name: string; onRun: (r: Run) => void }) {
  const { t, i18n } = useTranslation();
  // the swept field's label as every sweep labels it: the registry's words with the unit
  const rate = wordsOf(SCAN_RATE_PATH, paramLang(i18n.language));
  const { message } = App.useApp();
  const [text, setText] = useState(scanRateSeries().join(', '));
  const [busy, setBusy] = useState(false);
  const tr = spec.electrical?.transient;
  if (!tr) return null;
  const rates = parseRates(text);
  const usable = usesDefaultRate(tr);
  const submit = async () => {
    if (!rates || !usable) return;
    setBusy(true);
    const sweepName = t('transient.sweep.name', { name });
    const run = await submitSweepRun({
      kind: 'elec',
      device: seriesDevice(spec),
      parameters: [{ path: SCAN_RATE_PATH, label: `${rate.label} (${rate.unit})`, values: rates }],
      name: sweepName,
      t,
      message,
      submitted: (id, n) => t('transient.sweep.submitted', { id, n }),
    });
    setBusy(false);
    if (run) onRun(run);
  };
  return (
    <Card size="small" title={t('transient.sweep.title')} style={{ marginBottom: 12 }} data-testid="rate-sweep">
      <Typography.Paragraph type="secondary">{t('transient.sweep.intro')}</Typography.Paragraph>
      {!usable && (
        <Alert type="info" showIcon title={t('transient.sweep.needsDefaultRate')} style={{ marginBottom: 8 }} />
      )}
      <Form layout="vertical" component="div">
        <Form.Item
          label={`${rate.label} (${rate.unit})`}
          htmlFor="rate-sweep-rates"
          validateStatus={rates ? undefined : 'error'}
          help={rates ? undefined : t('transient.sweep.badRates')}
        >
          <Input
            id="rate-sweep-rates"
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="rate-sweep-rates"
          />
        </Form.Item>
      </Form>
      <Button
        icon={<LineChartOutlined />}
        block
        loading={busy}
        disabled={!rates || !usable}
        onClick={() => void submit()}
        data-testid="rate-sweep-submit"
      >
        {t('transient.sweep.submit', { n: rates?.length ?? 0 })}
      </Button>
    </Card>
  );
}
