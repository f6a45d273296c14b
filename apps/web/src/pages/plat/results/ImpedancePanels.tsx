/**
 * The impedance spectrum of an electrical result: Nyquist (-Z'' against Z', one scale on both
 * axes), Bode (|Z| and the phase against frequency, log axes) and the capacitance C(f).
 */
import { Alert, Card, Col, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlay } from '../../../components/interop/CurveOverlay';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import { localWarning } from './engine-warnings';
import type { ImpedanceView } from './result-data';
import { bode, minusImaginary } from './transient-data';

export function ImpedancePanels({ z, fileBase }: { z: ImpedanceView; fileBase: string }) {
  const { t } = useTranslation();
  const b = useMemo(() => bode(z), [z]);
  // a SCAPS C-f output (nF/cm²) on the C(f) plot (F/cm²)
  const cfOverlay = useOverlay('cf', 1e-9);
  const nyquist = useMemo(() => [{ name: 'Z', x: z.re, y: minusImaginary(z) }], [z]);
  const fAxis = { label: t('transient.result.frequency'), unit: 'Hz', log: true };
  const ohm = 'Ω·cm²';
  return (
    <Card
      size="small"
      title={t('transient.result.impedanceTitle', { v: fmtNum(z.Vdc), j: fmtNum(z.Jdc) })}
      data-testid="rste-impedance"
    >
      {!z.converged && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="rste-impedance-error"
          title={t('transient.result.impedanceFailed', {
            error: z.error ? localWarning(z.error, t) : '',
            n: z.f.length,
          })}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="rste-nyquist"
            title={t('transient.result.nyquist')}
            fileName={`${fileBase}-Nyquist`}
            x={{ label: "Z'", unit: ohm }}
            y={{ label: "-Z''", unit: ohm }}
            series={nyquist}
            equalAspect
          />
        </Col>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="rste-bode"
            title={t('transient.result.bode')}
            fileName={`${fileBase}-Bode`}
            x={fAxis}
            y={{ label: '|Z|', unit: ohm, log: true }}
            y2={{ label: t('transient.result.phase'), unit: '°' }}
            series={[
              { name: '|Z|', x: z.f, y: b.abs },
              { name: t('transient.result.phase'), x: z.f, y: b.phaseDeg, yAxis: 1, dashed: true },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="rste-capacitance"
            title={t('transient.result.capacitance')}
            fileName={`${fileBase}-C(f)`}
            x={fAxis}
            y={{ label: 'C', unit: 'F/cm²', log: true }}
            series={[{ name: 'C', x: z.f, y: z.C }, ...cfOverlay]}
            logToggle
          />
        </Col>
        <Col xs={24} xl={12}>
          <Typography.Paragraph type="secondary">{t('transient.result.impedanceNote')}</Typography.Paragraph>
        </Col>
      </Row>
    </Card>
  );
}
