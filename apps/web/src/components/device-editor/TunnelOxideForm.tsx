import type { InterfaceElectricalSpec } from '@pvforge/contracts';
import { Button, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor } from './context';
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

const FIELDS = [
  { key: 'thicknessNm', label: 'thickness', unit: 'nm' },
  { key: 'barrierElectronEV', label: 'barrierN', unit: 'eV' },
  { key: 'barrierHoleEV', label: 'barrierP', unit: 'eV' },
  { key: 'massElectronRel', label: 'massN', unit: 'm₀' },
  { key: 'massHoleRel', label: 'massP', unit: 'm₀' },
] as const satisfies readonly { key: keyof TunnelOxide; label: string; unit: string }[];

/** The tunnel oxide of interface i (`electrical.interfaces[i].tunnelOxide`, oxide-tunnelling.ts). */
export function TunnelOxideForm({ index }: { index: number }) {
  const { t } = useTranslation();
  const { state, set } = useEditor();
  const p = `electrical.interfaces.${index}.tunnelOxide`;
  const ox = state.electrical?.interfaces?.[index]?.tunnelOxide;
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
              <Col xs={12} md={8} key={f.key}>
                <NumField
                  path={`${p}.${f.key}`}
                  label={t(`models.oxide.${f.label}`)}
                  tip={t(`models.oxide.${f.label}Tip`)}
                  unit={f.unit}
                />
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
