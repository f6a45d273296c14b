import type { InterfaceElectricalSpec } from '@pvforge/contracts';
import { Button, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { CheckField, NumField } from './fields';

type TunnelOxide = NonNullable<InterfaceElectricalSpec['tunnelOxide']>;

/**
 * A 1.5 nm SiOx on silicon (TOPCon): the Si/SiO2 band offsets and tunnelling masses of the table
 * in docs/physics/tunnelling.md, the values the engine's TOPCon test runs with.
 */
export const SIOX_TUNNEL_OXIDE: TunnelOxide = {
  thicknessNm: 1.5,
  barrierElectronEV: 3.1,
  barrierHoleEV: 4.5,
  massElectronRel: 0.4,
  massHoleRel: 0.4,
};

/** The oxide's fields in the order of the form; their words are the registry's. */
const FIELDS = [
  'thicknessNm',
  'barrierElectronEV',
  'barrierHoleEV',
  'massElectronRel',
  'massHoleRel',
] as const satisfies readonly (keyof TunnelOxide)[];

/** The tunnel oxide of interface i (`electrical.interfaces[i].tunnelOxide`, oxide-tunnelling.ts). */
export function TunnelOxideForm({ index }: { index: number }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const p = `electrical.interfaces.${index}.tunnelOxide`;
  const ox = useEditorSelect((c) => c.state.electrical?.interfaces?.[index]?.tunnelOxide);
  return (
    <div data-testid={`tunnel-oxide-${index}`}>
      <CheckField
        path={p}
        label={t('models.oxide.enable')}
        tip={t('models.oxide.enableTip')}
        checked={!!ox}
        onChange={(on) => set(p, on ? { ...SIOX_TUNNEL_OXIDE } : undefined)}
      />
      {ox && (
        <>
          <Row gutter={12}>
            {FIELDS.map((f) => (
              <Col xs={12} md={8} key={f}>
                <NumField path={`${p}.${f}`} />
              </Col>
            ))}
          </Row>
          <Button
            size="small"
            onClick={() => set(p, { ...SIOX_TUNNEL_OXIDE })}
            data-testid={`tunnel-oxide-preset-${index}`}
          >
            {t('models.oxide.preset')}
          </Button>
        </>
      )}
    </div>
  );
}
