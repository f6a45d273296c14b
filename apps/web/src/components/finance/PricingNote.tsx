import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { financeApi } from '../../api/finance';

/** The prices of the charged features, as the user sees them (0: free). */
export function PricingNote() {
  const { t } = useTranslation();
  const prices = useQuery({ queryKey: ['finance', 'prices'], queryFn: financeApi.prices });
  return (
    <Alert
      type="info"
      showIcon
      data-testid="finance-pricing"
      title={t('finance.pricing')}
      description={
        prices.data
          ? t('finance.priceNow') +
            prices.data.prices
              .map(
                (p) =>
                  `${t(`finance.features.${p.feature}`)} ${p.priceYuan > 0 ? t('finance.perUse', { price: p.priceYuan }) : t('finance.free')}`,
              )
              .join('；')
          : undefined
      }
    />
  );
}
