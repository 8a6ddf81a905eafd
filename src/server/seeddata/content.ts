/**
 * Demo content of a fresh install: settings and pages in English and Simplified Chinese (other languages
 * fall back to en), About us and Contact us in every language; the announcements and banners, in every
 * language, are in news.ts, the FAQ, in every language, in faq.ts.
 */
import type { ShippedLanguage } from '../../shared/i18n/languages';
import { SESSION_SETTINGS } from '../sessions';

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

type PageText = { title: string; content: string };

/**
 * About us and Contact us say only what this platform does: the products the app has screens for, the ledger
 * every balance is reconciled against, and a support address for the operator to replace. The service
 * button is not promised here: it shows only once the operator sets a chat URL (`zxkf_url`), and the contact
 * screen then says so itself (contact.service_hint). Both pages in every language of the app.
 */
const aboutUs = (title: string, who: string, what: string, how: string): PageText => ({ title, content: p(who, what, how) });
const contactUs = (title: string, emailHead: string, email: string, faqHead: string, faq: string): PageText =>
  ({ title, content: `<h3>${emailHead}</h3>${p(email)}<h3>${faqHead}</h3>${p(faq)}` });
const SUPPORT = 'support@example.com';

export const PAGES: Record<'aboutus' | 'contactus' | 'operational_compliance', Partial<Record<ShippedLanguage, PageText>> & Record<'en' | 'zh', PageText>> = {
  aboutus: {
    en: aboutUs('About us', `${SITE_NAME} is a digital asset trading platform.`,
      'In one mobile app you can trade spot pairs, stocks, perpetual contracts and seconds contracts, exchange one coin for another, earn with lock mining and dual-currency investment, and subscribe to IEO projects.',
      'Every movement of funds is recorded in a double-entry ledger that every balance is reconciled against. Withdrawals are reviewed before they are paid, and identity verification is required before withdrawing.'),
    fa: aboutUs('درباره ما', `${SITE_NAME} یک پلتفرم معاملات دارایی‌های دیجیتال است.`,
      'در یک اپلیکیشن موبایل می‌توانید جفت‌ارزهای اسپات، سهام، قراردادهای دائمی و قراردادهای ثانیه‌ای معامله کنید، رمزارزها را با یکدیگر تبدیل کنید، با استخراج قفلی و سرمایه‌گذاری دوارزی درآمد کسب کنید و در پروژه‌های IEO مشارکت کنید.',
      'هر جابه‌جایی وجوه در یک دفتر دوطرفه ثبت می‌شود و همه موجودی‌ها با آن تطبیق داده می‌شوند. برداشت‌ها پیش از پرداخت بررسی می‌شوند و پیش از برداشت، احراز هویت لازم است.'),
    fra: aboutUs('À propos', `${SITE_NAME} est une plateforme de trading d'actifs numériques.`,
      "Dans une seule application mobile, vous pouvez trader des paires au comptant, des actions, des contrats perpétuels et des contrats à la seconde, convertir une crypto en une autre, gagner avec le minage bloqué et l'investissement bi-devises, et souscrire à des projets IEO.",
      "Chaque mouvement de fonds est inscrit dans un registre en partie double, avec lequel chaque solde est rapproché. Les retraits sont vérifiés avant d'être payés, et la vérification d'identité est requise avant tout retrait."),
    hk: aboutUs('關於我們', `${SITE_NAME} 是一個數字資產交易平台。`,
      '在同一個手機應用程式中，你可以交易現貨、股票、永續合約及秒合約，把一種幣兌換成另一種，透過鎖倉挖礦及雙幣投資賺取收益，以及認購 IEO 項目。',
      '每一筆資金變動都記錄在複式記賬賬本中，所有餘額均與之核對。提現在支付前會經過審核，提現前須完成身份認證。'),
    jp: aboutUs('会社概要', `${SITE_NAME} はデジタル資産の取引プラットフォームです。`,
      'ひとつのモバイルアプリで、現物・株式・無期限先物・秒オプションの取引、コイン同士の交換、ロックマイニングと二通貨投資での運用、IEO プロジェクトへの申し込みができます。',
      '資金の動きはすべて複式簿記の台帳に記録され、すべての残高がこの台帳と照合されます。出金は支払い前に審査され、出金の前には本人確認が必要です。'),
    kor: aboutUs('회사 소개', `${SITE_NAME}는 디지털 자산 거래 플랫폼입니다.`,
      '하나의 모바일 앱에서 현물, 주식, 무기한 선물, 초 단위 계약을 거래하고, 코인을 다른 코인으로 교환하며, 락업 채굴과 이중 통화 투자로 수익을 얻고, IEO 프로젝트에 청약할 수 있습니다.',
      '모든 자금 이동은 복식부기 원장에 기록되며 모든 잔액은 이 원장과 대조됩니다. 출금은 지급 전에 검토되며, 출금 전에 본인 인증이 필요합니다.'),
    ru: aboutUs('О нас', `${SITE_NAME} — платформа для торговли цифровыми активами.`,
      'В одном мобильном приложении можно торговать спотовыми парами, акциями, бессрочными и секундными контрактами, обменивать одну монету на другую, зарабатывать на майнинге с блокировкой и двухвалютных инвестициях и участвовать в IEO.',
      'Каждое движение средств записывается в журнал двойной записи, с которым сверяется каждый баланс. Выводы проверяются перед выплатой, а для вывода нужна верификация личности.'),
    spa: aboutUs('Sobre nosotros', `${SITE_NAME} es una plataforma de trading de activos digitales.`,
      'En una sola aplicación móvil puedes operar pares al contado, acciones, contratos perpetuos y contratos por segundos, cambiar una moneda por otra, obtener rendimientos con minería bloqueada e inversión de doble divisa, y suscribirte a proyectos IEO.',
      'Cada movimiento de fondos se registra en un libro de partida doble con el que se concilia cada saldo. Los retiros se revisan antes de pagarse y se requiere verificar la identidad antes de retirar.'),
    th: aboutUs('เกี่ยวกับเรา', `${SITE_NAME} คือแพลตฟอร์มซื้อขายสินทรัพย์ดิจิทัล`,
      'ในแอปมือถือเดียว คุณสามารถเทรดคู่สปอต หุ้น สัญญาถาวร และสัญญาวินาที แลกเหรียญหนึ่งเป็นอีกเหรียญ รับผลตอบแทนจากการล็อกขุดและการลงทุนสองสกุลเงิน และจองซื้อโครงการ IEO',
      'ทุกการเคลื่อนไหวของเงินถูกบันทึกในบัญชีแยกประเภทแบบบัญชีคู่ ซึ่งยอดคงเหลือทุกรายการถูกกระทบยอดกับบัญชีนี้ การถอนจะได้รับการตรวจสอบก่อนจ่าย และต้องยืนยันตัวตนก่อนถอน'),
    tr: aboutUs('Hakkımızda', `${SITE_NAME} bir dijital varlık alım satım platformudur.`,
      'Tek bir mobil uygulamada spot pariteler, hisse senetleri, vadesiz kontratlar ve saniye kontratları alıp satabilir, bir coini diğerine çevirebilir, kilitli madencilik ve çift para birimli yatırımla kazanç elde edebilir ve IEO projelerine katılabilirsiniz.',
      'Her fon hareketi çift taraflı bir deftere kaydedilir ve her bakiye bu defterle mutabık kılınır. Çekimler ödenmeden önce incelenir ve çekimden önce kimlik doğrulaması gerekir.'),
    zh: aboutUs('关于我们', `${SITE_NAME} 是一个数字资产交易平台。`,
      '在同一个移动应用中，您可以交易现货、股票、永续合约和秒合约，将一种币兑换为另一种，通过锁仓挖矿和双币投资获取收益，以及认购 IEO 项目。',
      '每一笔资金变动都记录在复式记账账本中，所有余额均与之核对。提现在支付前会经过审核，提现前须完成身份认证。'),
  },
  contactus: {
    en: contactUs('Contact us', 'Email', `Write to ${SUPPORT} from the email address of your account. We answer within one business day.`,
      'Before you write', 'The FAQ, under Mine, answers the most common questions about deposits, withdrawals and verification. We will never ask for your password or a verification code.'),
    fa: contactUs('تماس با ما', 'ایمیل', `از ایمیل حساب کاربری خود به ${SUPPORT} بنویسید. ظرف یک روز کاری پاسخ می‌دهیم.`,
      'پیش از نوشتن', 'بخش پرسش‌های متداول در صفحه «من» به رایج‌ترین پرسش‌ها درباره واریز، برداشت و احراز هویت پاسخ می‌دهد. ما هرگز رمز عبور یا کد تأیید شما را نمی‌خواهیم.'),
    fra: contactUs('Nous contacter', 'E-mail', `Écrivez à ${SUPPORT} depuis l'adresse e-mail de votre compte. Nous répondons sous un jour ouvré.`,
      'Avant d\'écrire', 'La FAQ, dans Moi, répond aux questions les plus fréquentes sur les dépôts, les retraits et la vérification. Nous ne vous demanderons jamais votre mot de passe ni un code de vérification.'),
    hk: contactUs('聯絡我們', '電郵', `請以你帳戶的電郵地址寫信至 ${SUPPORT}，我們會在一個工作天內回覆。`,
      '寫信之前', '「我的」頁面中的常見問題解答了關於充值、提現及身份認證的常見疑問。我們絕不會向你索取密碼或驗證碼。'),
    jp: contactUs('お問い合わせ', 'メール', `アカウントのメールアドレスから ${SUPPORT} までご連絡ください。1営業日以内に返信します。`,
      'お問い合わせの前に', 'マイページのよくある質問で、入金・出金・本人確認についての主な質問にお答えしています。パスワードや認証コードをお尋ねすることは決してありません。'),
    kor: contactUs('문의하기', '이메일', `계정의 이메일 주소로 ${SUPPORT}에 보내 주세요. 영업일 기준 하루 안에 답변드립니다.`,
      '문의 전에', '내 정보의 FAQ에서 입금, 출금, 인증에 관한 자주 묻는 질문의 답을 확인할 수 있습니다. 저희는 비밀번호나 인증 코드를 절대 요청하지 않습니다.'),
    ru: contactUs('Связаться с нами', 'Электронная почта', `Напишите на ${SUPPORT} с адреса, привязанного к аккаунту. Мы отвечаем в течение одного рабочего дня.`,
      'Прежде чем писать', 'В разделе «Частые вопросы» (вкладка «Мой профиль») есть ответы на самые частые вопросы о пополнении, выводе и верификации. Мы никогда не спрашиваем пароль или код подтверждения.'),
    spa: contactUs('Contacto', 'Correo electrónico', `Escribe a ${SUPPORT} desde el correo de tu cuenta. Respondemos en un día hábil.`,
      'Antes de escribir', 'Las preguntas frecuentes, en Mi cuenta, responden las dudas más comunes sobre depósitos, retiros y verificación. Nunca te pediremos tu contraseña ni un código de verificación.'),
    th: contactUs('ติดต่อเรา', 'อีเมล', `เขียนถึง ${SUPPORT} จากอีเมลของบัญชีคุณ เราจะตอบภายในหนึ่งวันทำการ`,
      'ก่อนเขียนถึงเรา', 'คำถามที่พบบ่อยในหน้าของฉันตอบคำถามทั่วไปเรื่องการฝาก การถอน และการยืนยันตัวตน เราจะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณเด็ดขาด'),
    tr: contactUs('Bize ulaşın', 'E-posta', `Hesabınızın e-posta adresinden ${SUPPORT} adresine yazın. Bir iş günü içinde yanıtlarız.`,
      'Yazmadan önce', 'Hesabım altındaki SSS, yatırma, çekme ve doğrulama hakkındaki en sık soruları yanıtlar. Şifrenizi veya doğrulama kodunuzu asla istemeyiz.'),
    zh: contactUs('联系我们', '电子邮件', `请使用您账户的邮箱发送邮件至 ${SUPPORT}，我们会在一个工作日内回复。`,
      '写信之前', '“我的”页面中的常见问题解答了关于充值、提现和身份认证的常见疑问。我们绝不会索取您的密码或验证码。'),
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
