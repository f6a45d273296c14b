/**
 * A measured J-V curve on the compare page (issue 29): a file or pasted text, read by the same
 * curve input and the same engine parser as the circuit fit, drawn on top of the simulated curves
 * without a fit in between. Kept in the page only: nothing is stored.
 */
import { DeleteOutlined, LineChartOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Form, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlotSeries } from '../../../components/plots/types';
import { CircuitCurveInput, type CurveState } from '../calc/CircuitCurveInput';
import { type ParseChoice, previewCurve } from '../calc/CircuitModel';

export function CompareMeasured({ onSeries }: { onSeries: (s: PlotSeries | undefined) => void }) {
  const { t } = useTranslation();
  const [curve, setCurve] = useState<CurveState>({});
  const [choice, setChoice] = useState<ParseChoice>({});
  const [open, setOpen] = useState<string[]>([]);
  // the "about 1000 points" advice is the fit's: a comparison draws any curve as it is
  const preview = useMemo(() => {
    const p = curve.source ? previewCurve(curve.source, choice) : undefined;
    return p?.ok ? { ...p, fewPoints: false } : p;
  }, [curve.source, choice]);
  const series = useMemo<PlotSeries | undefined>(() => {
    if (!preview?.ok) return undefined;
    const m = preview.curve.measured;
    return {
      name: t('inputs.compare.measuredName', { name: curve.label ?? '' }),
      x: m.voltageV,
      y: m.jMaCm2,
      dashed: true,
      // a measurement is points: markers where the instrument read, on top of the simulations
      points: m.voltageV.length <= 200,
    };
  }, [preview, curve.label, t]);
  useEffect(() => onSeries(series), [series, onSeries]);
  const dark = preview?.ok && preview.curve.detected.illumination === 'dark';
  return (
    <Collapse
      size="small"
      activeKey={open}
      onChange={(k) => setOpen(Array.isArray(k) ? k : [k])}
      data-testid="compare-measured"
      items={[
        {
          key: 'measured',
          label: (
            <span>
              <LineChartOutlined /> {t('inputs.compare.measuredTitle')}
              {series ? ` · ${series.name}` : ''}
            </span>
          ),
          extra: curve.source ? (
            <Button
              size="small"
              icon={<DeleteOutlined />}
              onClick={(e) => {
                e.stopPropagation();
                setCurve({});
              }}
              data-testid="compare-measured-remove"
            >
              {t('inputs.compare.measuredRemove')}
            </Button>
          ) : undefined,
          children: (
            <>
              <Typography.Paragraph type="secondary">{t('inputs.compare.measuredHint')}</Typography.Paragraph>
              <Form layout="vertical">
                <CircuitCurveInput
                  curve={curve}
                  onCurve={setCurve}
                  choice={choice}
                  onChoice={setChoice}
                  preview={preview}
                  testSuffix="-compare"
                  signChoice
                  showPlot={false}
                />
              </Form>
              {dark && <Alert type="info" showIcon title={t('inputs.compare.measuredDark')} />}
            </>
          ),
        },
      ]}
    />
  );
}
