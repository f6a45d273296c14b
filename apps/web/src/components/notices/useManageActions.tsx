import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An administrator's actions on a published item (a notice, a news item): edit, and withdraw after a
 * confirmation (not offered once withdrawn). `withdraw` does the call and refreshes the list; what
 * fails is handed to `onFail`.
 */
export function useManageActions(onFail: (e: unknown) => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (withdrawn: boolean, onEdit: () => void, withdraw: () => Promise<unknown>): ReactNode[] => [
    <Button key="edit" type="link" onClick={onEdit}>
      {t('notice.edit')}
    </Button>,
    !withdrawn && (
      <Button
        key="withdraw"
        type="link"
        danger
        onClick={() =>
          modal.confirm({
            title: t('notice.withdrawQ'),
            okText: t('notice.ok'),
            cancelText: t('notice.cancel'),
            onOk: async () => {
              try {
                await withdraw();
              } catch (e) {
                onFail(e);
              }
            },
          })
        }
      >
        {t('notice.withdraw')}
      </Button>
    ),
  ];
}
