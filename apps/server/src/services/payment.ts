/**
 * How a recharge is paid. Today: an offline bank transfer (the usual flow for institutions), which
 * an administrator confirms when the money has arrived. An online gateway implements the same
 * interface later: it gives its own instructions (a payment link) and confirms from its
 * notification through RechargeService.confirm, so balances and records do not change.
 */
export interface PaymentProvider {
  readonly name: string;
  /** What the payer must do for request `id` of `amountYuan`, in both languages. */
  instructions(id: number, amountYuan: number): { zh: string; en: string };
}

export class OfflineTransferProvider implements PaymentProvider {
  readonly name = 'bank-transfer';
  instructions(id: number, amountYuan: number): { zh: string; en: string } {
    const code = `PVF-${id}`;
    return {
      zh: `请通过银行转账支付 ${amountYuan} 元，并在附言中注明 ${code}；管理员确认到账后余额即更新。`,
      en: `Pay ${amountYuan} yuan by bank transfer with ${code} in the transfer note; your balance is updated when an administrator confirms the payment.`,
    };
  }
}
