import { PlusOutlined } from '@ant-design/icons';
import type { InterfaceDefectSpec } from '@pvforge/contracts';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor } from './context';
import { DefectFields } from './DefectFields';
import { defaultInterfaceDefect } from './defect-model';

const MAX_DEFECTS = 20;

/** The defect sheets of interface i (`electrical.interfaces[i].defects`): add, remove, each defect's fields. */
export function InterfaceDefects({ index }: { index: number }) {
  const { t } = useTranslation();
  const { state, set } = useEditor();
  const p = `electrical.interfaces.${index}.defects`;
  const defects = (state.electrical?.interfaces?.[index]?.defects ?? []) as InterfaceDefectSpec[];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`interface-defects-${index}`}>
      <Typography.Text strong>{t('defects.iface.title')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('defects.iface.intro')}
      </Typography.Paragraph>
      {defects.map((d, k) => (
        <DefectFields
          // biome-ignore lint/suspicious/noArrayIndexKey: a defect has no id; its index is its field path
          key={k}
          path={`${p}.${k}`}
          defect={d}
          where="interface"
          n={k + 1}
          testid={`interface-defect-${index}-${k}`}
          onRemove={() => {
            const rest = defects.filter((_, j) => j !== k);
            set(p, rest.length ? rest : undefined);
          }}
        />
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={defects.length >= MAX_DEFECTS}
        onClick={() => set(p, [...defects, defaultInterfaceDefect()])}
        data-testid={`interface-defect-add-${index}`}
      >
        {t('defects.iface.add')}
      </Button>
    </Space>
  );
}
