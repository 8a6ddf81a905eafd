/** `Bank of Example ****1234`: how a bank card is shown as a withdrawal destination (server record and app alike). */
export function maskedCard(card: { bank_name: string; card_number: string }): string {
  return `${card.bank_name} ****${card.card_number.replace(/\s/g, '').slice(-4)}`;
}
