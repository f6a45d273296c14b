import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AgreementText } from '../AgreementText';
import { useDialogs } from './context';

export function AgreementDialog() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const back = () => (dialogs.fromRegister ? dialogs.open('register') : dialogs.close());
  const accept = () => {
    dialogs.registerForm.setFieldValue('agree', true);
    void dialogs.registerForm.validateFields(['agree']).catch(() => {});
    dialogs.open('register');
  };
  return (
    <Modal
      open={dialogs.current === 'agreement'}
      onCancel={back}
      title={t('agreement.title')}
      width={720}
      centered
      footer={
        dialogs.fromRegister ? (
          <Button type="primary" onClick={accept} data-testid="agreement-accept">
            {t('agreement.accept')}
          </Button>
        ) : (
          <Button onClick={back} data-testid="agreement-close">
            {t('agreement.close')}
          </Button>
        )
      }
    >
      <div data-testid="agreement-dialog" className="agreement-scroll">
        <AgreementText />
      </div>
    </Modal>
  );
}
