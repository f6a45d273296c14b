import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { liveRequest } from './request';

/**
 * The administrator's kick (live act k, spec §4): asks to confirm, sends k over the live
 * connection and says what the server answered. The server ends every session of the user, so
 * their client logs out whether or not it is connected at that moment.
 */
export function useKick(): (user: { user_id: number; real_name: string }) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (user) =>
    modal.confirm({
      title: t('chat.kick'),
      content: t('chat.kickQ', { name: user.real_name }),
      okText: t('common.ok'),
      okButtonProps: { danger: true, 'data-testid': 'kick-confirm' } as never,
      cancelText: t('common.cancel'),
      onOk: async () => {
        const outcome = await liveRequest({ act: 'k', to: user.user_id });
        if (outcome === 'ok') message.success(t('chat.kicked'));
        else if (outcome === 'offline') message.info(t('chat.kickedOffline'));
        else {
          const known = ['unsent', 'timeout', 'forbidden', 'invalid'].includes(outcome) ? outcome : 'invalid';
          message.error(t('chat.kickFailed', { reason: t(`chat.kickReason.${known}`) }));
        }
      },
    });
}
