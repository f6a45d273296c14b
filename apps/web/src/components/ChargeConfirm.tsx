import type { ChargeQuote, ChargeQuoteBody } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, type App } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { financeApi } from '../api/finance';

/**
 * What a calculation about to be submitted costs, asked of the server (the rule it charges by,
 * issue 29): the form shows it before submitting and asks for a confirmation when it is not free.
 */
export function useChargeQuote(what: ChargeQuoteBody) {
  return useQuery({
    queryKey: ['finance', 'quote', what],
    queryFn: () => financeApi.quote(what),
    staleTime: 30_000,
  });
}

/** The items of a quote in words: "效率损失量化 1.50 元 + 优先排队 0.50 元". */
function itemsText(t: TFunction, quote: ChargeQuote): string {
  return quote.items
    .map((i) => `${t(`finance.features.${i.feature}`)} ${t('finance.yuan', { price: i.priceYuan.toFixed(2) })}`)
    .join(' + ');
}

/** The price line shown beside a submit button; nothing when the submission is free. */
export function ChargeNotice({ quote }: { quote: ChargeQuote | undefined }) {
  const { t } = useTranslation();
  if (!quote || quote.totalYuan <= 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="charge-notice"
      title={t('finance.chargeNotice', { total: quote.totalYuan.toFixed(2), items: itemsText(t, quote) })}
    />
  );
}

/**
 * Asks before a charged submission (resolves true at once when it is free). The quote is asked
 * again here, so a price changed since the form opened is the one confirmed.
 */
export async function confirmCharge(
  modal: ReturnType<typeof App.useApp>['modal'],
  t: TFunction,
  what: ChargeQuoteBody,
): Promise<boolean> {
  const quote = await financeApi.quote(what);
  if (quote.totalYuan <= 0) return true;
  return new Promise((resolve) => {
    modal.confirm({
      title: t('finance.chargeConfirmTitle'),
      content: t('finance.chargeConfirm', { total: quote.totalYuan.toFixed(2), items: itemsText(t, quote) }),
      okText: t('finance.chargeConfirmOk'),
      cancelText: t('finance.cancel'),
      okButtonProps: { 'data-testid': 'charge-confirm-ok' } as Record<string, string>,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
