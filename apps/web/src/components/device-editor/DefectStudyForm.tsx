import type { CapacitanceFrequencySpec, CapacitanceVoltageSpec } from '@pvforge/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { defaultCapacitanceFrequency, defaultCapacitanceVoltage, defectCount } from './defect-model';
import { CheckField, NumField, SelectField } from './fields';
import { electricalLayers } from './model';

const CV = 'electrical.capacitanceVoltage';
const CF = 'electrical.capacitanceFrequency';

/**
 * The J-V loss of each defect (`electrical.defectLosses`), shown above the electrical sections
 * whenever the device has a defect, never folded away: it is what one adds a defect to see (the
 * first defect switches it on, defect-model.ts lossesFollowDefects; issue 29).
 */
export function DefectLossSwitch() {
  const { t } = useTranslation();
  const count = useEditorSelect((c) => defectCount(c.state));
  if (count === 0) return null;
  return (
    <CheckField path="electrical.defectLosses" label={t('defects.study.losses')} tip={t('defects.study.lossesTip')} />
  );
}

/**
 * How a device's defects show in capacitance: a C-V sweep with its Mott-Schottky reading
 * (`electrical.capacitanceVoltage`) and a C-f sweep with -f dC/df (`electrical.capacitanceFrequency`).
 */
export function DefectStudyForm() {
  const { t } = useTranslation();
  const set = useEditorSet();
  const el = useEditorSelect((c) => c.state.electrical);
  const cv = el?.capacitanceVoltage as CapacitanceVoltageSpec | undefined;
  const cf = el?.capacitanceFrequency as CapacitanceFrequencySpec | undefined;
  // the names as one string: a thickness edit does not re-render the form
  const layerNames = useEditorSelect((c) =>
    JSON.stringify(electricalLayers(c.state.layers).map((j) => c.state.layers[j]!.name)),
  );
  const layers = JSON.parse(layerNames) as string[];
  return (
    <div data-testid="defect-study-form">
      <CheckField
        path={CV}
        label={t('defects.study.cv')}
        tip={t('defects.study.cvTip')}
        checked={!!cv}
        onChange={(on) => set(CV, on ? defaultCapacitanceVoltage() : undefined)}
      />
      {cv && (
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <NumField path={`${CV}.frequencyHz`} />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${CV}.startV`} />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${CV}.stopV`} />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${CV}.stepV`} />
          </Col>
          <Col xs={12} md={8}>
            <NumField path={`${CV}.fitFromV`} />
          </Col>
          <Col xs={12} md={8}>
            <NumField path={`${CV}.fitToV`} />
          </Col>
          <Col xs={24} md={8}>
            <SelectField
              path={`${CV}.fitLayer`}
              label={t('defects.study.fitLayer')}
              tip={t('defects.study.fitLayerTip')}
              options={layers.map((n) => ({ value: n, label: n }))}
            />
          </Col>
        </Row>
      )}
      <CheckField
        path={CF}
        label={t('defects.study.cf')}
        tip={t('defects.study.cfTip')}
        checked={!!cf}
        onChange={(on) => set(CF, on ? defaultCapacitanceFrequency() : undefined)}
      />
      {cf && (
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <NumField path={`${CF}.voltageV`} />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${CF}.startHz`} placeholder="10" />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${CF}.stopHz`} placeholder="1e7" />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${CF}.points`} placeholder="41" integer />
          </Col>
        </Row>
      )}
    </div>
  );
}
