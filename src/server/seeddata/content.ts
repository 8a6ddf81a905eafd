/**
 * Demo content of a fresh install: settings, pages and FAQ in English and Simplified Chinese (other languages
 * fall back to en); the announcements and banners, in every language, are in news.ts.
 */
import { SESSION_SETTINGS } from '../sessions';

type Texts = { en: string; zh: string };

const p = (...lines: string[]): string => lines.map((l) => `<p>${l}</p>`).join('');

export const SITE_NAME = 'Harbor Exchange';

export const SITE_CONFIG: Record<string, string> = {
  site_name: SITE_NAME,
  site_logo: '/uploads/logo.svg',
  down_logo: '/uploads/logo-download.svg',
  // No customer-service provider by default: the floating button and the contact page's buttons appear once
  // an operator sets an https chat URL (or /#/pages/kefu/index when that screen exists), a Telegram or WhatsApp
  // link, the repayment specialist's (hk_url) or the loan officer's (jie_url).
  zxkf_url: '',
  telegram_url: '',
  whatsApp_url: '',
  hk_url: '',
  jie_url: '',
  loan_day: '7|15|30|90|180|365',
  loan_rate: '0.0030|0.0028|0.0025|0.0022|0.0020|0.0018',
  loan_min: '500000',
  loan_max: '10000000',
  loan_pawn: 'BTC|ETH|USDT|USDC',
  loan_len: '3',
  // How long a session lasts (sessions/policy.ts); not among the keys GET /getSiteConfig serves.
  session_idle_minutes: String(SESSION_SETTINGS.session_idle_minutes.default),
  session_lifetime_days: String(SESSION_SETTINGS.session_lifetime_days.default),
};

export const SETTINGS: Array<{ keyword: string; lang: 'en' | 'zh'; value: string }> = [
  // What the platform's app reads (each a string): its home page compares `version` ("<wgt|apk>,<version>")
  // with its own (SPEC 2: 0.8.0) and offers apk_download_url when they differ; the game and customer-service
  // pages open game_url and support_url.
  { keyword: 'version', lang: 'en', value: 'wgt,0.8.0' },
  { keyword: 'apk_download_url', lang: 'en', value: '' },
  { keyword: 'game_url', lang: 'en', value: '' },
  { keyword: 'support_url', lang: 'en', value: '' },
  { keyword: 'download_ios', lang: 'en', value: '' },
  { keyword: 'service_email', lang: 'en', value: 'support@example.com' },
  { keyword: 'vip_description', lang: 'en', value: p('VIP levels are based on your 30-day trading volume and average assets.', 'VIP 1: volume above 100,000 USDT. VIP 2: above 1,000,000 USDT. VIP 3: above 10,000,000 USDT.', 'Higher levels get lower trading fees, higher withdrawal limits and access to OTC loans (VIP 2 and above).') },
  { keyword: 'vip_description', lang: 'zh', value: p('VIP 等级依据您近 30 日的交易量和平均资产确定。', 'VIP 1：交易量超过 100,000 USDT；VIP 2：超过 1,000,000 USDT；VIP 3：超过 10,000,000 USDT。', '等级越高，交易手续费越低、提现额度越高，VIP 2 及以上可申请 OTC 借贷。') },
  { keyword: 'register_agreement', lang: 'en', value: p('By creating an account you confirm that you are at least 18 years old, that the information you provide is accurate, and that you understand that trading digital assets involves a high risk of loss.') },
  { keyword: 'register_agreement', lang: 'zh', value: p('创建账户即表示您确认已年满 18 周岁、所提供的信息真实准确，并了解数字资产交易存在较高的亏损风险。') },
];

export function logoSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#1652f0"/>
<path d="M16 44V20h6v9h20v-9h6v24h-6v-9H22v9z" fill="#ffffff"/>
</svg>
`;
}

export const FAQ: Array<{ question: Texts; answer: Texts }> = [
  {
    question: { en: 'How do I create an account?', zh: '如何注册账户？' },
    answer: { en: p('Tap Register, enter your email address, request a verification code, and choose a password longer than six characters. An invitation code is optional.'), zh: p('点击注册，输入邮箱地址并获取验证码，设置长度超过六位的密码即可。邀请码可不填。') },
  },
  {
    question: { en: 'I did not receive the verification code.', zh: '收不到验证码怎么办？' },
    answer: { en: p('Check your spam folder and wait a minute before requesting a new code. A code is valid for 10 minutes and can be used once.'), zh: p('请检查垃圾邮件箱，并等待一分钟后再重新获取。验证码 10 分钟内有效，且只能使用一次。') },
  },
  {
    question: { en: 'How do I deposit crypto?', zh: '如何充值数字货币？' },
    answer: { en: p('Open Assets, choose Deposit and the currency, then send funds to the address shown. Make sure the network (for example ERC20 or TRC20) matches.'), zh: p('进入资产页面，选择充值和币种，然后向显示的地址转账。请确保网络（如 ERC20 或 TRC20）一致。') },
  },
  {
    question: { en: 'How long does a withdrawal take?', zh: '提现需要多长时间？' },
    answer: { en: p('Withdrawals are reviewed by several nodes and usually arrive within T+1 to T+5. You need to set a transaction password first.'), zh: p('提现经多节点审核，通常在 T+1 至 T+5 内到账。提现前需先设置交易密码。') },
  },
  {
    question: { en: 'What is the difference between spot and contract trading?', zh: '现货交易与合约交易有什么区别？' },
    answer: { en: p('Spot trading buys and sells the asset itself. Contract trading lets you go long or short with leverage; gains and losses are magnified and positions can be liquidated.'), zh: p('现货交易买卖的是资产本身；合约交易可通过杠杆做多或做空，盈亏会被放大，持仓可能被强制平仓。') },
  },
  {
    question: { en: 'What is identity verification for?', zh: '为什么需要身份认证？' },
    answer: { en: p('Verification protects your account and is required for withdrawals and fiat trading. Lv1 allows 200 BTC per 24 hours, Lv2 allows 500 BTC.'), zh: p('身份认证可保护账户安全，提现和法币交易需完成认证。Lv1 每 24 小时可提现 200 BTC，Lv2 可提现 500 BTC。') },
  },
  {
    question: { en: 'How does lock mining work?', zh: '锁仓挖矿如何运作？' },
    answer: { en: p('You lock an amount for a fixed number of days and receive a daily yield. At expiry the principal returns to your funds account automatically. Early redemption carries a penalty.'), zh: p('将资金锁定固定天数并获得每日收益，到期后本金自动返还至资金账户。提前赎回需支付违约金。') },
  },
  {
    question: { en: 'I forgot my password.', zh: '忘记密码怎么办？' },
    answer: { en: p('On the login page tap Forgot password, enter your email, request a code and set a new password. For your safety you are logged out on all devices.'), zh: p('在登录页点击忘记密码，输入邮箱并获取验证码后设置新密码。为了安全，所有设备上的登录将被注销。') },
  },
];

export const PAGES: Record<'aboutus' | 'contactus' | 'operational_compliance', { en: { title: string; content: string }; zh: { title: string; content: string } }> = {
  aboutus: {
    en: { title: 'About us', content: p(`${SITE_NAME} is a digital asset trading platform serving retail customers worldwide.`, 'We offer spot, contract and seconds trading, copy trading, lock mining, IEO subscriptions, loans and an NFT marketplace in one mobile app.', 'Customer assets are kept in segregated wallets, most of them in multi-signature cold storage, and every movement of funds is recorded in a double-entry ledger.') },
    zh: { title: '关于我们', content: p(`${SITE_NAME} 是面向全球个人用户的数字资产交易平台。`, '我们在一个移动应用中提供现货、合约、秒合约交易，以及跟单、锁仓挖矿、IEO 认购、借贷和 NFT 市场。', '客户资产存放于隔离钱包，大部分保存在多重签名冷钱包中，每一笔资金变动都记录在复式记账账本中。') },
  },
  contactus: {
    en: { title: 'Contact us', content: '<h3>Online service</h3>' + p('Tap the service button at the bottom right of any page. Available 24/7.') + '<h3>Loan officer</h3>' + p('For OTC loans from 500,000 USDT: loans@example.com') + '<h3>Repayment specialist</h3>' + p('For repayments and loan records: repayment@example.com') },
    zh: { title: '联系我们', content: '<h3>在线客服</h3>' + p('点击任意页面右下角的客服按钮，7×24 小时在线。') + '<h3>信贷专员</h3>' + p('500,000 USDT 起的 OTC 借贷：loans@example.com') + '<h3>还款专员</h3>' + p('还款及借贷记录咨询：repayment@example.com') },
  },
  operational_compliance: {
    en: { title: 'Operational compliance', content: p('We follow anti-money-laundering (AML) and know-your-customer (KYC) rules. Users must verify their identity before withdrawals and fiat trading.', 'We do not serve residents of sanctioned jurisdictions and may restrict services where local law requires it.', 'Prices and settlement come only from recorded market data and published rules; no result can be influenced for an individual user.', 'Trading digital assets carries a high risk of loss. Past performance does not guarantee future results.') },
    zh: { title: '运营合规', content: p('我们遵守反洗钱（AML）和了解你的客户（KYC）规定，用户须在提现和法币交易前完成身份认证。', '我们不为受制裁地区的居民提供服务，并会在当地法律要求时限制服务。', '价格与结算仅依据记录的市场数据和公开规则，任何个人用户的结果均不能被干预。', '数字资产交易存在较高的亏损风险，过往表现不代表未来收益。') },
  },
};

/**
 * The mine screen's service menu. `key` is a message key of the screens; `route` a page or `action:<name>`;
 * `is_financial` marks the rows about the customer's money, which the platform's financial page lists.
 */
export const MENU: Array<{ key: string; icon: string; route: string; is_financial?: boolean }> = [
  { key: 'mine.menu.share', icon: 'qrcode', route: '/pages/setting/share' },
  { key: 'mine.menu.wallet', icon: 'wallet', route: '/pages/setting/wallet', is_financial: true },
  { key: 'mine.menu.bank', icon: 'card', route: '/pages/setting/bank', is_financial: true },
  { key: 'mine.menu.security', icon: 'shield', route: '/pages/setting/security' },
  { key: 'mine.menu.real', icon: 'id-card', route: '/pages/setting/real' },
  { key: 'mine.menu.coupon', icon: 'ticket', route: '/pages/setting/coupon', is_financial: true },
  { key: 'mine.menu.messages', icon: 'bell', route: '/pages/mailMessage/mailMessage' },
  { key: 'mine.menu.fiat', icon: 'currency', route: 'action:setFiat' },
  { key: 'mine.menu.language', icon: 'globe', route: 'action:setLanguage' },
  { key: 'mine.menu.faq', icon: 'help', route: '/pages/common/faq' },
  { key: 'mine.menu.compliance', icon: 'document', route: '/pages/setting/operational_compliance' },
  { key: 'mine.menu.about', icon: 'info', route: '/pages/common/aboutus' },
  { key: 'mine.menu.contact', icon: 'headset', route: '/pages/common/contactus' },
];
