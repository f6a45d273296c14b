import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The user agreement; one text for the register dialog and /plat/user/terms. */
export function AgreementText() {
  const { t } = useTranslation();
  return (
    <Typography className="agreement-text" data-testid="agreement-text">
      <Typography.Paragraph type="secondary">{t('agreement.updated')}</Typography.Paragraph>
      {SECTIONS.map((n) => (
        <section key={n}>
          <Typography.Title level={5}>{t(`agreement.h${n}`)}</Typography.Title>
          <Typography.Paragraph>{t(`agreement.p${n}`)}</Typography.Paragraph>
        </section>
      ))}
    </Typography>
  );
}
