/** `Bank of Example ****1234`: how a bank card is shown as a withdrawal destination (server record and app alike). */
export function maskedCard(card: { bank_name: string; bank_account: string }): string {
  return `${card.bank_name} ****${card.bank_account.replace(/\s/g, '').slice(-4)}`;
}
