import type { ImpedanceElectricalSpec } from '@pvforge/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { CheckField, NumField } from './fields';
import { defaultImpedance } from './transient-model';

const P = 'electrical.impedance';

/**
 * The small-signal impedance spectrum (`electrical.impedance`): the DC voltage of the steady state
 * it is taken about, and the log-spaced frequencies (range and count).
 */
export function ImpedanceForm() {
  const { t } = useTranslation();
  const set = useEditorSet();
  const z = useEditorSelect((c) => c.state.electrical?.impedance) as ImpedanceElectricalSpec | undefined;
  return (
    <div data-testid="impedance-form">
      <CheckField
        path={P}
        label={t('transient.impedance.enable')}
        tip={t('transient.impedance.enableTip')}
        checked={!!z}
        onChange={(on) => set(P, on ? defaultImpedance() : undefined)}
      />
      {z && (
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <NumField path={`${P}.voltageV`} />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${P}.startHz`} placeholder="1e-3" />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${P}.stopHz`} placeholder="1e6" />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${P}.points`} placeholder="60" integer />
          </Col>
        </Row>
      )}
    </div>
  );
}
