/**
 * The profiles of one state of the device against position: band diagram, carrier densities,
 * potential and field, currents, generation and recombination and, when the layer has mobile ions,
 * the ion densities. Shared by the bias slider of the J-V and the time slider of a transient.
 */
import { Col, Row, Slider } from 'antd';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import LinePlot from '../../../components/plots/LinePlot';
import type { PlotSeries } from '../../../components/plots/types';
import { ModelProfilePlots, modelRateSeries } from './model-results';
import { type BiasProfile, sumArrays } from './result-data';

const nonZero = (a: ArrayLike<number>) => Array.prototype.some.call(a, (v: number) => Number.isFinite(v) && v !== 0);

export function ProfilePlots({ p, base, testPrefix }: { p: BiasProfile; base: string; testPrefix: string }) {
  const { t } = useTranslation();
  const xAxis = useMemo(() => ({ label: t('results.opt.position'), unit: 'nm' }), [t]);
  const series = useMemo(() => {
    const s = (key: string, name: string, extra: Partial<PlotSeries> = {}): PlotSeries => ({
      name,
      x: p.x,
      y: p.cols[key] ?? [],
      ...extra,
    });
    return {
      bands: [
        s('Ec_eV', 'Ec'),
        s('Ev_eV', 'Ev'),
        s('EFn_eV', 'EFn', { dashed: true }),
        s('EFp_eV', 'EFp', { dashed: true }),
      ],
      densities: [s('n_cm3', t('results.elec.electrons')), s('p_cm3', t('results.elec.holes'))],
      potential: [
        s('potential_V', t('results.elec.potentialName')),
        s('field_V_cm', t('results.elec.field'), { yAxis: 1, dashed: true }),
      ],
      currents: [
        s('Jn_mA_cm2', t('results.elec.jn')),
        s('Jp_mA_cm2', t('results.elec.jp')),
        {
          name: t('results.elec.jTotal'),
          x: p.x,
          y: sumArrays([p.cols['Jn_mA_cm2'] ?? [], p.cols['Jp_mA_cm2'] ?? []]),
          dashed: true,
        },
      ],
      rates: [
        s('G_cm3_s', 'G', { dashed: true }),
        s('R_srh_cm3_s', `R ${t('results.elec.srh')}`),
        // in a blend with CT dissociation the band-to-band term is the bimolecular (Langevin) loss
        s(
          'R_rad_cm3_s',
          `R ${t(p.cols['P_dissociation']?.length ? 'models.result.bimolecularRate' : 'results.elec.radiative')}`,
        ),
        s('R_auger_cm3_s', `R ${t('results.elec.auger')}`),
        ...modelRateSeries(p, t),
      ].filter((x) => nonZero(x.y)),
      ions: (p.ions ?? []).map((ion, k) => ({
        name: t('transient.result.ionSpecies', {
          n: k + 1,
          layer: ion.layer,
          sign: ion.sign > 0 ? '+' : '−',
        }),
        x: p.x,
        // 0 outside the species' layer: left out of a log plot
        y: ion.density.map((v) => (v > 0 ? v : Number.NaN)),
      })),
    };
  }, [p, t]);
  const id = (k: string) => `${testPrefix}-${k}`;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <LinePlot
          testid={id('bands')}
          title={t('results.elec.bands')}
          fileName={`${base}-bands`}
          x={xAxis}
          y={{ label: t('results.elec.energy'), unit: 'eV' }}
          series={series.bands}
        />
      </Col>
      <Col xs={24} xl={12}>
        <LinePlot
          testid={id('densities')}
          title={t('results.elec.densities')}
          fileName={`${base}-densities`}
          x={xAxis}
          y={{ label: t('results.elec.density'), unit: 'cm⁻³', log: true }}
          series={series.densities}
          logToggle
        />
      </Col>
      {series.ions.length > 0 && (
        <Col xs={24} xl={12}>
          <LinePlot
            testid={id('ions')}
            title={t('transient.result.ions')}
            fileName={`${base}-ions`}
            x={xAxis}
            y={{ label: t('transient.result.ionDensity'), unit: 'cm⁻³', log: true }}
            series={series.ions}
            logToggle
          />
        </Col>
      )}
      <Col xs={24} xl={12}>
        <LinePlot
          testid={id('potential')}
          title={t('results.elec.potential')}
          fileName={`${base}-potential`}
          x={xAxis}
          y={{ label: t('results.elec.potentialName'), unit: 'V' }}
          y2={{ label: t('results.elec.field'), unit: 'V/cm' }}
          series={series.potential}
        />
      </Col>
      <Col xs={24} xl={12}>
        <LinePlot
          testid={id('currents')}
          title={t('results.elec.currents')}
          fileName={`${base}-currents`}
          x={xAxis}
          y={{ label: t('results.elec.current'), unit: 'mA/cm²' }}
          series={series.currents}
        />
      </Col>
      <ModelProfilePlots p={p} base={base} testPrefix={testPrefix} xAxis={xAxis} />
      {series.rates.length > 0 && (
        <Col xs={24} xl={12}>
          <LinePlot
            testid={id('rates')}
            title={t('results.elec.recombProfile')}
            fileName={`${base}-rates`}
            x={xAxis}
            y={{ label: t('results.elec.rate'), unit: 'cm⁻³ s⁻¹', log: true }}
            series={series.rates}
            logToggle
          />
        </Col>
      )}
    </Row>
  );
}

/**
 * The picker of which profiles to show: a labelled slider over the kept states (biases or times),
 * one mark per state, with whatever the view puts before it (the curve choice of the J-V).
 */
export function ProfileSlider({
  label,
  count,
  value,
  onChange,
  text,
  tip,
  testid,
  before,
}: {
  label: string;
  count: number;
  value: number;
  onChange: (k: number) => void;
  /** The mark of state k ("MPP", "17 s"). */
  text: (k: number) => string;
  /** The tooltip of state k (default: its mark). */
  tip?: (k: number) => string;
  testid: string;
  before?: ReactNode;
}) {
  const id = useId();
  const marks = Object.fromEntries(Array.from({ length: count }, (_, k) => [k, text(k)]));
  return (
    <Row gutter={16} align="middle">
      {before}
      <Col>
        <label htmlFor={id}>{label}</label>
      </Col>
      <Col flex="auto" data-testid={testid}>
        <Slider
          id={id}
          min={0}
          max={Math.max(0, count - 1)}
          step={null}
          marks={marks}
          value={value}
          onChange={(k) => onChange(k as number)}
          tooltip={{ formatter: (k) => (tip ?? text)(k ?? 0) }}
          aria-label={label}
        />
      </Col>
    </Row>
  );
}
