/**
 * The app's registered routes (SPEC section 2). A route gets a screen when its feature is built; links to
 * a registered route without a screen yet are hidden at run time, and links to any other route are a
 * configuration error (`npm run lint:config`).
 */
const GROUPS: Record<string, readonly string[]> = {
  common: ['login', 'register', 'area', 'article', 'webView', 'faq', 'forget', 'contactus', 'aboutus', 'borrowing', 'borrow',
    'borrow_history', 'repayment', 'repaymenthistory'],
  setting: ['setting', 'userInfo', 'security', 'password', 'payPassword', 'coupon', 'wallet', 'bill', 'addWallet', 'real',
    'real_mark', 'operational_compliance', 'share', 'areas', 'bank', 'bank_international',
    // ours: the device list; the VIP levels (the Mine screen's "VIP level description", SPEC 2); which messages reach the user
    'sessions', 'vip', 'notifications'],
  fund: ['assets', 'select', 'receive', 'receive_withdraw_record', 'withdraw', 'assets_record', 'transfer', 'fundTransfer',
    'assets_all_record', 'transfer_history'],
  market: ['market', 'search'],
  copytrade: ['copy', 'my', 'trader'],
  otc: ['otc'],
  // ours (SPEC 2 "Buy crypto" names no route): the form, an order, the orders, the simulated provider's payment page
  buy: ['index', 'order', 'orders', 'simulated'],
  ieo: ['ieo', 'subscribe', 'order'],
  lockming: ['lockming', 'buy', 'order', 'welcome'],
  transaction: ['index', 'index2', 'currency', 'currency_order', 'contract', 'contract_order', 'seconds_order'],
  nft: ['nft', 'artistDetail', 'mine', 'artworkDetail', 'artworkDetail_video', 'purchase', 'purchase_one', 'resell', 'myNft',
    'components/artist', 'components/artwork', 'components/search', 'components/collection'],
  invest: ['invest', 'mine', 'purchase', 'help'],
  follow: ['index', 'trader', 'follow', 'agreement_zh', 'agreement_en'],
  game: ['game'],
  financial: ['index'],
  kefu: ['index'],
  kf: ['kf'],
  mailMessage: ['mailMessage', 'mailMessageList', 'ggList', 'ggDetail'],
  index: ['index'],
  my: ['index'],
};

export const REGISTERED_ROUTES: ReadonlySet<string> = new Set(
  Object.entries(GROUPS).flatMap(([group, pages]) => pages.map((page) => `/pages/${group}/${page}`)),
);
