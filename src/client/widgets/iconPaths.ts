/**
 * The line icons that screens and menu data name (`"icon": "wallet"`, the names of shared/screens/icons.ts),
 * drawn on a 24x24 grid with round strokes in the current colour. Several names share a drawing. The lint
 * refuses a screen naming another; a name from data (menus) not listed here shows `fallback`.
 */
import type { IconName } from '../../shared/screens/icons';

const CIRCLE = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z';
const USER = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1.5-4 4.5-6 8-6s6.5 2 8 6';
const WALLET = 'M3 7h15a3 3 0 0 1 3 3v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm0 0 2-3h11v3M16 14h2';
const DOCUMENT = 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7';
const TICKET = 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10';
const SHIELD = 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z';
const HEADSET = 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3z';
const HELP = `${CIRCLE}M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7v.5M12 17h.01`;
const INFO = `${CIRCLE}M12 11v6M12 7.5h.01`;
const SWAP = 'M4 8h14l-4-4M20 16H6l4 4';
const TRADE = 'M7 4v16M3 8l4-4 4 4M17 20V4M21 16l-4 4-4-4';
const LOCK = 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4M12 15v2';
const CLOUD = 'M7 18h10a4 4 0 0 0 .5-7.97A6 6 0 0 0 6 9.5 4.25 4.25 0 0 0 7 18z';

export const ICON_PATHS: Readonly<Record<IconName, string>> = {
  home: 'M3 10.5 12 3l9 7.5M5 9.5V21h5v-6h4v6h5V9.5',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  'eye-off': 'M3 3l18 18M10.6 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17.7 17.7 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.9 9.9 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  market: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  trade: TRADE,
  assets: WALLET,
  wallet: WALLET,
  mine: USER,
  user: USER,
  deposit: 'M12 3v12M7 10l5 5 5-5M4 17v3h16v-3',
  withdraw: 'M12 15V3M7 8l5-5 5 5M4 17v3h16v-3',
  download: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  stock: 'M7 3v4M7 15v6M5 7h4v8H5zM17 3v6M17 17v4M15 9h4v8h-4z',
  contract: DOCUMENT,
  document: DOCUMENT,
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  financial: 'M12 3a9 9 0 1 0 9 9h-9zM14.5 2.5a7.5 7.5 0 0 1 7 7h-7z',
  leverage: 'M13 2 4 14h7l-1 8 9-12h-7z',
  otc: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c.8-3 3-5 6-5s5.2 2 6 5M16 11a3 3 0 1 0 0-6M18 15c2 .6 3.4 2.4 4 5',
  coupon: TICKET,
  ticket: TICKET,
  bills: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  exchange: 'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4',
  swap: SWAP,
  mining: LOCK,
  miner: CLOUD,
  game: 'M7 8h10a5 5 0 0 1 0 10c-1.5 0-2.5-1-3.5-2h-3C9.5 17 8.5 18 7 18A5 5 0 0 1 7 8zM7 11v4M5 13h4M16 12h.01M18 14h.01',
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  buy: 'M3 4h2l2.5 11h10L20 7H6.5M8 20a1 1 0 1 0 2 0 1 1 0 1 0-2 0M16 20a1 1 0 1 0 2 0 1 1 0 1 0-2 0',
  defi: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12 4 7.5',
  ieo: 'M5 21V4h12l-2 4 2 4H5',
  options: 'M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM12 9v4l2.5 2M10 2h4',
  nft: 'M12 2l9 5v10l-9 5-9-5V7zM9 12l3-3 3 3-3 3z',
  invest: 'M4 20h16M7 16v-4M12 16V8M17 16V5',
  faq: HELP,
  help: HELP,
  about: INFO,
  info: INFO,
  contact: HEADSET,
  headset: HEADSET,
  compliance: `${SHIELD}M9 12l2 2 4-4`,
  shield: SHIELD,
  bell: 'M6 17v-6a6 6 0 0 1 12 0v6l2 2H4zM10 21h4',
  theme: 'M20 14.5A8.5 8.5 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  settings: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  vip: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5zM5 21h14',
  search: 'M11 4a7 7 0 1 1 0 14 7 7 0 1 1 0-14zM16.2 16.2 20 20',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  currency: `${CIRCLE}M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .9-3 2s1.3 1.7 3 2 3 .9 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6.5v11`,
  globe: `${CIRCLE}M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z`,
  'id-card': 'M3 5h18v14H3zM7 10a2 2 0 1 0 4 0 2 2 0 1 0-4 0M5.5 16c.5-1.5 1.8-2.5 3.5-2.5s3 1 3.5 2.5M14 9h4M14 13h4',
  qrcode: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 20h2M20 14v2',
  devices: 'M3 5h13v9H3zM7 18h5M9.5 14v4M16 9h5v11h-5zM18 17.5h1',
  lock: LOCK,
  key: 'M8 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 12h9M18 12v3M21 12v2',
  phone: 'M7 2h10v20H7zM11 18h2',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
};

export const FALLBACK_ICON = 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z';
