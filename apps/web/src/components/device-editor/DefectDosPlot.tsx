import { Alert, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DosPlotData } from './defect-model';

const LinePlot = lazy(() => import('../plots/LinePlot'));

/**
 * The density of states of a place's defects against E - E_v inside its gap (a layer's, or the gap
 * two layers share at an interface), as SCAPS shows it; or why it cannot be drawn yet.
 */
export function DefectDosPlot(props: {
  testid: string;
  plotTestid: string;
  title: string;
  fileName: string;
  /** cm⁻³ eV⁻¹ in a layer, cm⁻² eV⁻¹ at an interface. */
  unit: string;
  dos: DosPlotData | undefined;
  name: (k: number) => string;
  note: string;
  needsGap: string;
  height: number;
}) {
  const { t } = useTranslation();
  const { dos } = props;
  if (!dos) return <Alert type="info" showIcon title={props.needsGap} />;
  return (
    <div data-testid={props.testid}>
      <Suspense fallback={null}>
        <LinePlot
          testid={props.plotTestid}
          title={props.title}
          fileName={props.fileName}
          x={{ label: t('defects.table.energyAxis'), unit: 'eV', min: 0, max: dos.energy.at(-1) }}
          y={{ label: t('defects.table.dosAxis'), unit: props.unit, log: true }}
          series={dos.series.map((s, k) => ({ name: props.name(k), x: dos.energy, y: s.y }))}
          height={props.height}
          logToggle
        />
      </Suspense>
      <Typography.Text type="secondary">{props.note}</Typography.Text>
    </div>
  );
}
