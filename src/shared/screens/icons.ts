/**
 * The names of the line icons a screen may name (`"icon": "wallet"`); src/client/widgets/iconPaths.ts draws
 * each. An icon may also be an image address (`https:`, `/…`, `data:image/`) or a {{binding}} (menu data).
 */
export const ICON_NAMES = [
  'home', 'eye', 'eye-off', 'market', 'trade', 'assets', 'wallet', 'mine', 'user', 'deposit', 'withdraw', 'download',
  'stock', 'contract', 'document', 'copy', 'financial', 'leverage', 'otc', 'coupon', 'ticket', 'bills', 'exchange',
  'swap', 'mining', 'miner', 'game', 'chat', 'buy', 'defi', 'ieo', 'options', 'nft', 'invest', 'faq', 'help',
  'about', 'info', 'contact', 'headset', 'compliance', 'shield', 'bell', 'search', 'card', 'currency', 'globe',
  'id-card', 'qrcode', 'devices', 'lock', 'key', 'phone', 'mail', 'theme', 'settings', 'vip',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

const NAMES = new Set<string>(ICON_NAMES);

/** Whether a screen's `icon` value draws something: a known name, an image address or a binding. */
export function isDrawnIcon(value: string): boolean {
  return NAMES.has(value) || value.includes('{{') || /^(https?:|\/|data:image\/)/.test(value);
}
