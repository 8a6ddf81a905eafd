/** `Bank of Example ****1234`: how a bank card is shown as a withdrawal destination (server record and app alike). */
export function maskedCard(card: { bank_name: string; bank_account: string }): string {
  return `${card.bank_name} ****${card.bank_account.replace(/\s/g, '').slice(-4)}`;
}

/** `head` and `tail` characters kept, the rest starred (at least one star). */
export function maskMiddle(value: string, head: number, tail: number): string {
  const chars = [...value];
  if (chars.length <= head + tail) return chars.length > 1 ? `${chars[0]}${'*'.repeat(chars.length - 1)}` : '*';
  return `${chars.slice(0, head).join('')}${'*'.repeat(chars.length - head - tail)}${chars.slice(chars.length - tail).join('')}`;
}

/** `138****8000`: four stars whatever the length, so the length is not shown either. */
export const maskMobile = (digits: string): string => (digits.length >= 8 ? `${digits.slice(0, 3)}****${digits.slice(-4)}` : `${digits.slice(0, 1)}****${digits.slice(-2)}`);
