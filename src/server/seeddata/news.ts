/**
 * The demo announcements (c_id 4) and home banners (c_id 5) of a fresh install, and the banners' images, in
 * every language of the app (issue 23: a Persian or Russian visitor reads them in their language). Only what
 * is true of this platform: its products, limits and rules as built.
 */
import type { Language, ShippedLanguage } from '../../shared/i18n/languages';

export type Texts = Record<ShippedLanguage, string>;

const p = (...lines: string[]): string => lines.map((l) => `<p>${l}</p>`).join('');
const ul = (...items: string[]): string => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

export interface SeedBanner { file: string; from: string; to: string; title: Texts; subtitle: Texts }

/** Each banner's image is drawn in each language: `<file>.svg` in English, `<file>.<lang>.svg` in the others. */
export const BANNERS: SeedBanner[] = [
  {
    file: 'banner-1', from: '#1652f0', to: '#0a2a7a',
    title: {
      en: 'Trade 30+ coins and stocks', zh: '交易 30 多种数字货币和股票', hk: '交易 30 多種數字貨幣和股票', th: 'เทรดเหรียญและหุ้นกว่า 30 รายการ',
      jp: '30以上のコインと株式を取引', kor: '30개 이상의 코인과 주식 거래', fra: 'Tradez plus de 30 cryptos et actions', spa: 'Opere más de 30 criptos y acciones',
      tr: '30+ coin ve hisse ile işlem yapın', fa: 'معامله بیش از ۳۰ رمزارز و سهام', ru: 'Торгуйте 30+ монетами и акциями',
    },
    subtitle: {
      en: 'Spot, contracts and seconds trading in one app', zh: '现货、合约、秒合约一站式交易', hk: '現貨、合約、秒合約一站式交易', th: 'สปอต สัญญา และเทรดรายวินาทีในแอปเดียว',
      jp: '現物・先物・秒取引をひとつのアプリで', kor: '현물, 선물, 초단위 거래를 한 앱에서', fra: 'Spot, contrats et options en secondes dans une seule appli', spa: 'Spot, contratos y operaciones por segundos en una app',
      tr: 'Spot, kontrat ve saniyelik işlemler tek uygulamada', fa: 'اسپات، قرارداد و معاملات ثانیه‌ای در یک برنامه', ru: 'Спот, контракты и секундные сделки в одном приложении',
    },
  },
  {
    file: 'banner-2', from: '#0f9d58', to: '#0b5d3a',
    title: {
      en: 'Lock mining up to 0.8% a day', zh: '锁仓挖矿日收益最高 0.8%', hk: '鎖倉挖礦日收益最高 0.8%', th: 'ขุดแบบล็อก ผลตอบแทนสูงสุด 0.8% ต่อวัน',
      jp: 'ロックマイニング 日利最大0.8%', kor: '락업 채굴 하루 최대 0.8%', fra: 'Minage verrouillé jusqu\u2019à 0,8 % par jour', spa: 'Minería con bloqueo hasta 0,8 % al día',
      tr: 'Günlük %0,8\u2019e varan kilitli madencilik', fa: 'استخراج قفلی تا ۰٫۸٪ در روز', ru: 'Майнинг с блокировкой до 0,8% в день',
    },
    subtitle: {
      en: 'Fixed terms, daily yield, principal back at expiry', zh: '固定期限，每日收益，到期返还本金', hk: '固定期限，每日收益，到期返還本金', th: 'ระยะเวลาคงที่ ผลตอบแทนรายวัน คืนเงินต้นเมื่อครบกำหนด',
      jp: '固定期間・毎日の利回り・満期に元本返還', kor: '고정 기간, 매일 수익, 만기 시 원금 반환', fra: 'Durée fixe, rendement quotidien, capital rendu à l\u2019échéance', spa: 'Plazo fijo, rendimiento diario, capital devuelto al vencimiento',
      tr: 'Sabit vade, günlük getiri, vade sonunda anapara iadesi', fa: 'مدت ثابت، سود روزانه، بازگشت اصل سرمایه در سررسید', ru: 'Фиксированный срок, ежедневный доход, возврат суммы в конце',
    },
  },
  {
    file: 'banner-3', from: '#6a3fd4', to: '#2e1a6b',
    title: {
      en: 'DeFi and cloud mining', zh: 'DeFi 挖矿与云挖矿', hk: 'DeFi 挖礦與雲挖礦', th: 'การขุด DeFi และการขุดบนคลาวด์',
      jp: 'DeFiマイニングとクラウドマイニング', kor: 'DeFi 채굴과 클라우드 채굴', fra: 'Minage DeFi et minage cloud', spa: 'Minería DeFi y en la nube',
      tr: 'DeFi ve bulut madenciliği', fa: 'استخراج دیفای و استخراج ابری', ru: 'DeFi и облачный майнинг',
    },
    subtitle: {
      en: 'New plans with a yield paid every day', zh: '全新方案，收益每日发放', hk: '全新方案，收益每日發放', th: 'แผนใหม่ รับผลตอบแทนทุกวัน',
      jp: '毎日利回りが支払われる新プラン', kor: '매일 수익이 지급되는 새 플랜', fra: 'De nouveaux plans, un rendement versé chaque jour', spa: 'Nuevos planes con rendimiento diario',
      tr: 'Her gün getiri ödeyen yeni planlar', fa: 'طرح‌های جدید با سود روزانه', ru: 'Новые планы с ежедневным доходом',
    },
  },
];

/** The image of `banner` in `lang`: its file under /uploads/. */
export const bannerFile = (banner: SeedBanner, lang: Language): string => (lang === 'en' ? `${banner.file}.svg` : `${banner.file}.${lang}.svg`);

/** `textLength` squeezing a line that would not fit the banner's 654 px (a rough width: CJK characters are square). */
function fit(line: string, size: number): string {
  const width = [...line].reduce((w, ch) => w + (ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.56) * size, 0);
  return width > 654 ? ' textLength="654" lengthAdjust="spacingAndGlyphs"' : '';
}

export function bannerSvg(b: SeedBanner, lang: ShippedLanguage, rtl: boolean): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // Right-to-left text starts at the right edge; the decoration moves to the other side.
  const at = rtl ? 'x="702" direction="rtl" text-anchor="start"' : 'x="48"';
  const cx = (x: number) => (rtl ? 750 - x : x);
  const title = b.title[lang];
  const subtitle = b.subtitle[lang];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#g)"/>
<circle cx="${cx(640)}" cy="70" r="120" fill="#ffffff" fill-opacity="0.08"/><circle cx="${cx(700)}" cy="260" r="90" fill="#ffffff" fill-opacity="0.06"/>
<text ${at} y="140" font-family="Helvetica, Arial, sans-serif" font-size="40" font-weight="700" fill="#ffffff"${fit(title, 40)}>${esc(title)}</text>
<text ${at} y="192" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="#ffffff" fill-opacity="0.85"${fit(subtitle, 24)}>${esc(subtitle)}</text>
</svg>
`;
}

export interface SeedArticle { c_id: 4 | 5; thumbnail: string; is_pop?: boolean; sort: number; daysAgo: number; title: Texts; summary: Texts; content: Texts; banner?: SeedBanner }

/** The announcements, newest first. `{site}` in a text is the site's name. */
const ANNOUNCEMENTS: Array<Omit<SeedArticle, 'c_id' | 'thumbnail'>> = [
  {
    is_pop: true, sort: 10, daysAgo: 0,
    title: {
      en: 'Welcome to {site}', zh: '欢迎来到 {site}', hk: '歡迎來到 {site}', th: 'ยินดีต้อนรับสู่ {site}', jp: '{site}へようこそ', kor: '{site}에 오신 것을 환영합니다',
      fra: 'Bienvenue sur {site}', spa: 'Bienvenido a {site}', tr: '{site}\u2019a hoş geldiniz', fa: 'به {site} خوش آمدید', ru: 'Добро пожаловать в {site}',
    },
    summary: {
      en: 'Read our security tips before you start trading.', zh: '开始交易前，请阅读我们的安全提示。', hk: '開始交易前，請閱讀我們的安全提示。', th: 'โปรดอ่านคำแนะนำด้านความปลอดภัยก่อนเริ่มเทรด',
      jp: '取引を始める前にセキュリティのヒントをお読みください。', kor: '거래를 시작하기 전에 보안 안내를 읽어 주세요.', fra: 'Lisez nos conseils de sécurité avant de commencer à trader.',
      spa: 'Lea nuestros consejos de seguridad antes de empezar a operar.', tr: 'İşleme başlamadan önce güvenlik ipuçlarımızı okuyun.', fa: 'پیش از شروع معامله، نکات امنیتی ما را بخوانید.', ru: 'Прочитайте советы по безопасности, прежде чем начать торговать.',
    },
    content: {
      en: p('Welcome to {site}. To keep your account safe:') + ul('Never share your password or verification codes with anyone, including our staff.', 'Set a payment password and bind your email and phone.', 'Only use the official app and website; check the address before you log in.') + p('Trading digital assets is risky. Only invest what you can afford to lose.'),
      zh: p('欢迎来到 {site}。为了保护您的账户安全：') + ul('切勿向任何人（包括我们的工作人员）透露密码或验证码。', '请设置支付密码并绑定邮箱和手机。', '只使用官方应用和网站，登录前请核对网址。') + p('数字资产交易存在风险，请仅投入您能承受损失的资金。'),
      hk: p('歡迎來到 {site}。為了保護您的賬戶安全：') + ul('切勿向任何人（包括我們的工作人員）透露密碼或驗證碼。', '請設定支付密碼並綁定電郵和手機。', '只使用官方應用程式和網站，登入前請核對網址。') + p('數字資產交易存在風險，請僅投入您能承受損失的資金。'),
      th: p('ยินดีต้อนรับสู่ {site} เพื่อความปลอดภัยของบัญชีของคุณ:') + ul('อย่าเปิดเผยรหัสผ่านหรือรหัสยืนยันกับผู้ใด รวมถึงพนักงานของเรา', 'ตั้งรหัสผ่านการชำระเงิน และผูกอีเมลกับหมายเลขโทรศัพท์', 'ใช้เฉพาะแอปและเว็บไซต์ทางการ ตรวจสอบที่อยู่ก่อนเข้าสู่ระบบ') + p('การเทรดสินทรัพย์ดิจิทัลมีความเสี่ยง ลงทุนเฉพาะเงินที่คุณรับความสูญเสียได้'),
      jp: p('{site}へようこそ。アカウントを安全に保つために：') + ul('パスワードや認証コードは、当社スタッフを含め誰にも教えないでください。', '支払いパスワードを設定し、メールアドレスと電話番号を連携してください。', '公式アプリとウェブサイトのみを使い、ログイン前にアドレスを確認してください。') + p('デジタル資産の取引にはリスクがあります。失っても困らない範囲で投資してください。'),
      kor: p('{site}에 오신 것을 환영합니다. 계정을 안전하게 지키려면:') + ul('비밀번호나 인증 코드를 직원을 포함한 누구에게도 알려 주지 마세요.', '결제 비밀번호를 설정하고 이메일과 휴대폰을 연결하세요.', '공식 앱과 웹사이트만 사용하고, 로그인 전에 주소를 확인하세요.') + p('디지털 자산 거래에는 위험이 따릅니다. 잃어도 감당할 수 있는 금액만 투자하세요.'),
      fra: p('Bienvenue sur {site}. Pour protéger votre compte :') + ul('Ne communiquez jamais votre mot de passe ni vos codes de vérification, pas même à notre personnel.', 'Définissez un mot de passe de paiement et associez votre e-mail et votre téléphone.', 'N\u2019utilisez que l\u2019application et le site officiels ; vérifiez l\u2019adresse avant de vous connecter.') + p('Le trading d\u2019actifs numériques est risqué. N\u2019investissez que ce que vous pouvez vous permettre de perdre.'),
      spa: p('Bienvenido a {site}. Para mantener su cuenta segura:') + ul('No comparta nunca su contraseña ni sus códigos de verificación con nadie, ni siquiera con nuestro personal.', 'Establezca una contraseña de pago y vincule su correo y su teléfono.', 'Use solo la app y el sitio oficiales; compruebe la dirección antes de iniciar sesión.') + p('Operar con activos digitales es arriesgado. Invierta solo lo que pueda permitirse perder.'),
      tr: p('{site}\u2019a hoş geldiniz. Hesabınızı güvende tutmak için:') + ul('Şifrenizi veya doğrulama kodlarınızı, çalışanlarımız dahil kimseyle paylaşmayın.', 'Bir ödeme şifresi belirleyin, e-postanızı ve telefonunuzu bağlayın.', 'Yalnızca resmi uygulamayı ve web sitesini kullanın; giriş yapmadan önce adresi kontrol edin.') + p('Dijital varlık ticareti risklidir. Yalnızca kaybetmeyi göze alabileceğiniz kadar yatırım yapın.'),
      fa: p('به {site} خوش آمدید. برای امنیت حساب خود:') + ul('رمز عبور یا کدهای تأیید خود را هرگز با کسی، حتی کارکنان ما، در میان نگذارید.', 'رمز پرداخت تعیین کنید و ایمیل و تلفن خود را متصل کنید.', 'فقط از برنامه و وب‌سایت رسمی استفاده کنید و پیش از ورود نشانی را بررسی کنید.') + p('معامله دارایی‌های دیجیتال پرخطر است. فقط مبلغی را سرمایه‌گذاری کنید که توان از دست دادنش را دارید.'),
      ru: p('Добро пожаловать в {site}. Чтобы защитить свой аккаунт:') + ul('Никому не сообщайте пароль и коды подтверждения, даже нашим сотрудникам.', 'Установите платёжный пароль и привяжите почту и телефон.', 'Пользуйтесь только официальным приложением и сайтом; проверяйте адрес перед входом.') + p('Торговля цифровыми активами рискованна. Вкладывайте только то, что готовы потерять.'),
    },
  },
  {
    sort: 9, daysAgo: 1,
    title: {
      en: 'New: DeFi mining and cloud mining', zh: '上新：DeFi 挖矿与云挖矿', hk: '上新：DeFi 挖礦與雲挖礦', th: 'ใหม่: การขุด DeFi และการขุดบนคลาวด์', jp: '新登場：DeFiマイニングとクラウドマイニング', kor: '신규: DeFi 채굴과 클라우드 채굴',
      fra: 'Nouveau : minage DeFi et minage cloud', spa: 'Novedad: minería DeFi y minería en la nube', tr: 'Yeni: DeFi ve bulut madenciliği', fa: 'جدید: استخراج دیفای و استخراج ابری', ru: 'Новое: DeFi- и облачный майнинг',
    },
    summary: {
      en: 'Two new kinds of mining plans, each with its own list on the home page.', zh: '两类新的挖矿方案，首页各有入口。', hk: '兩類新的挖礦方案，首頁各有入口。', th: 'แผนการขุดใหม่สองประเภท แต่ละประเภทมีรายการของตัวเองในหน้าแรก',
      jp: '2種類の新しいマイニングプラン。ホームからそれぞれの一覧を開けます。', kor: '두 가지 새로운 채굴 플랜, 홈 화면에서 각각 볼 수 있습니다.', fra: 'Deux nouveaux types de plans de minage, chacun avec sa liste depuis l\u2019accueil.',
      spa: 'Dos nuevos tipos de planes de minería, cada uno con su lista desde el inicio.', tr: 'Ana sayfada kendi listesi olan iki yeni madencilik planı türü.', fa: 'دو نوع طرح استخراج جدید، هر کدام با فهرست خود در صفحهٔ اصلی.', ru: 'Два новых вида планов майнинга, у каждого свой список на главной.',
    },
    content: {
      en: p('Besides lock mining you can now choose DeFi mining and cloud mining plans from the home page.', 'Each plan shows its coin, term, daily yield range and minimum amount. The yield is paid every day and the amount returns to your spot account at the end of the term.'),
      zh: p('除锁仓挖矿外，您现在还可以在首页选择 DeFi 挖矿和云挖矿方案。', '每个方案都列明币种、期限、每日收益范围和最低金额。收益每日发放，期满后金额返还至您的现货账户。'),
      hk: p('除鎖倉挖礦外，您現在還可以在首頁選擇 DeFi 挖礦和雲挖礦方案。', '每個方案都列明幣種、期限、每日收益範圍和最低金額。收益每日發放，期滿後金額返還至您的現貨賬戶。'),
      th: p('นอกจากการขุดแบบล็อกแล้ว ตอนนี้คุณเลือกแผนการขุด DeFi และการขุดบนคลาวด์ได้จากหน้าแรก', 'แต่ละแผนแสดงเหรียญ ระยะเวลา ช่วงผลตอบแทนรายวัน และจำนวนขั้นต่ำ ผลตอบแทนจ่ายทุกวัน และเงินจะคืนเข้าบัญชีสปอตเมื่อครบกำหนด'),
      jp: p('ロックマイニングに加え、ホームからDeFiマイニングとクラウドマイニングのプランを選べるようになりました。', '各プランにはコイン、期間、1日の利回りの範囲、最低金額が表示されます。利回りは毎日支払われ、期間終了時に金額が現物口座に戻ります。'),
      kor: p('이제 락업 채굴 외에도 홈 화면에서 DeFi 채굴과 클라우드 채굴 플랜을 선택할 수 있습니다.', '각 플랜에는 코인, 기간, 일일 수익 범위, 최소 금액이 표시됩니다. 수익은 매일 지급되며 기간이 끝나면 금액이 현물 계정으로 돌아옵니다.'),
      fra: p('En plus du minage verrouillé, vous pouvez désormais choisir des plans de minage DeFi et de minage cloud depuis l\u2019accueil.', 'Chaque plan indique sa cryptomonnaie, sa durée, sa fourchette de rendement quotidien et son montant minimum. Le rendement est versé chaque jour et le montant revient sur votre compte spot à la fin de la durée.'),
      spa: p('Además de la minería con bloqueo, ahora puede elegir planes de minería DeFi y de minería en la nube desde el inicio.', 'Cada plan muestra su moneda, su plazo, su rango de rendimiento diario y su importe mínimo. El rendimiento se paga cada día y el importe vuelve a su cuenta spot al final del plazo.'),
      tr: p('Kilitli madenciliğin yanı sıra artık ana sayfadan DeFi madenciliği ve bulut madenciliği planlarını seçebilirsiniz.', 'Her plan coinini, süresini, günlük getiri aralığını ve en düşük tutarını gösterir. Getiri her gün ödenir ve tutar sürenin sonunda spot hesabınıza döner.'),
      fa: p('اکنون علاوه بر استخراج قفلی، می‌توانید طرح‌های استخراج دیفای و استخراج ابری را از صفحهٔ اصلی انتخاب کنید.', 'هر طرح رمزارز، مدت، بازهٔ سود روزانه و حداقل مبلغ خود را نشان می‌دهد. سود هر روز پرداخت می‌شود و مبلغ در پایان مدت به حساب اسپات شما برمی‌گردد.'),
      ru: p('Помимо майнинга с блокировкой, теперь на главной можно выбрать планы DeFi-майнинга и облачного майнинга.', 'У каждого плана указаны монета, срок, диапазон дневной доходности и минимальная сумма. Доход выплачивается ежедневно, а сумма возвращается на спотовый счёт в конце срока.'),
    },
  },
  {
    sort: 8, daysAgo: 3,
    title: {
      en: 'New listing: SOL/USDT spot and contract trading', zh: '新币上线：SOL/USDT 现货与合约交易', hk: '新幣上線：SOL/USDT 現貨與合約交易', th: 'เหรียญใหม่: เทรดสปอตและสัญญา SOL/USDT', jp: '新規上場：SOL/USDTの現物・先物取引', kor: '신규 상장: SOL/USDT 현물 및 선물 거래',
      fra: 'Nouvelle cotation : SOL/USDT en spot et en contrats', spa: 'Nuevo listado: SOL/USDT en spot y contratos', tr: 'Yeni listeleme: SOL/USDT spot ve kontrat işlemleri', fa: 'فهرست جدید: معاملات اسپات و قرارداد SOL/USDT', ru: 'Новый листинг: SOL/USDT на споте и в контрактах',
    },
    summary: {
      en: 'Solana can be traded on spot and with contracts up to 100x.', zh: 'Solana 现已支持现货交易和最高 100 倍合约。', hk: 'Solana 現已支援現貨交易和最高 100 倍合約。', th: 'เทรด Solana ได้ทั้งสปอตและสัญญาสูงสุด 100 เท่า',
      jp: 'Solanaを現物と最大100倍の先物で取引できます。', kor: 'Solana를 현물과 최대 100배 선물로 거래할 수 있습니다.', fra: 'Solana se négocie en spot et en contrats jusqu\u2019à 100x.',
      spa: 'Solana se puede operar en spot y con contratos de hasta 100x.', tr: 'Solana spot piyasada ve 100x\u2019e kadar kontratlarla işlem görebilir.', fa: 'سولانا را می‌توان در بازار اسپات و با قراردادهای تا ۱۰۰ برابر معامله کرد.', ru: 'Solana торгуется на споте и в контрактах с плечом до 100x.',
    },
    content: {
      en: p('We have listed Solana (SOL). SOL/USDT trades on spot and as a perpetual contract with multiples from 5x to 100x.', 'Leverage magnifies gains and losses alike; read how liquidation works before you open a position.'),
      zh: p('我们已上线 Solana（SOL）。SOL/USDT 支持现货交易和永续合约，倍数从 5 倍到 100 倍。', '杠杆会同时放大盈利和亏损，开仓前请先了解强平规则。'),
      hk: p('我們已上線 Solana（SOL）。SOL/USDT 支援現貨交易和永續合約，倍數由 5 倍至 100 倍。', '槓桿會同時放大盈利和虧損，開倉前請先了解強平規則。'),
      th: p('เราได้เพิ่ม Solana (SOL) แล้ว SOL/USDT เทรดได้ทั้งสปอตและสัญญาถาวร ตั้งแต่ 5 เท่าถึง 100 เท่า', 'เลเวอเรจขยายทั้งกำไรและขาดทุน โปรดศึกษาการบังคับปิดสถานะก่อนเปิดสถานะ'),
      jp: p('Solana（SOL）を上場しました。SOL/USDTは現物と、5倍から100倍の無期限先物で取引できます。', 'レバレッジは利益も損失も拡大します。ポジションを持つ前に強制決済の仕組みをお読みください。'),
      kor: p('Solana(SOL)를 상장했습니다. SOL/USDT는 현물과 5배부터 100배까지의 무기한 선물로 거래됩니다.', '레버리지는 수익과 손실을 모두 키웁니다. 포지션을 열기 전에 강제 청산 방식을 확인하세요.'),
      fra: p('Nous avons coté Solana (SOL). SOL/USDT se négocie en spot et en contrat perpétuel avec des multiples de 5x à 100x.', 'L\u2019effet de levier amplifie aussi bien les gains que les pertes ; lisez le fonctionnement de la liquidation avant d\u2019ouvrir une position.'),
      spa: p('Hemos listado Solana (SOL). SOL/USDT se opera en spot y como contrato perpetuo con multiplicadores de 5x a 100x.', 'El apalancamiento amplía tanto las ganancias como las pérdidas; lea cómo funciona la liquidación antes de abrir una posición.'),
      tr: p('Solana\u2019yı (SOL) listeledik. SOL/USDT spot piyasada ve 5x ile 100x arası çarpanlarla vadesiz kontrat olarak işlem görür.', 'Kaldıraç kazancı da kaybı da büyütür; pozisyon açmadan önce tasfiyenin nasıl işlediğini okuyun.'),
      fa: p('سولانا (SOL) را فهرست کردیم. SOL/USDT در بازار اسپات و به صورت قرارداد دائمی با ضریب ۵ تا ۱۰۰ برابر معامله می‌شود.', 'اهرم سود و زیان را به یک اندازه بزرگ می‌کند؛ پیش از باز کردن موقعیت، نحوهٔ لیکوئید شدن را بخوانید.'),
      ru: p('Мы добавили Solana (SOL). SOL/USDT торгуется на споте и как бессрочный контракт с плечом от 5x до 100x.', 'Плечо одинаково увеличивает и прибыль, и убытки; прежде чем открыть позицию, прочитайте, как работает ликвидация.'),
    },
  },
  {
    sort: 7, daysAgo: 6,
    title: {
      en: 'Identity verification: two levels', zh: '身份认证：两个等级', hk: '身份認證：兩個等級', th: 'การยืนยันตัวตน: สองระดับ', jp: '本人確認：2つのレベル', kor: '신원 인증: 두 단계',
      fra: 'Vérification d\u2019identité : deux niveaux', spa: 'Verificación de identidad: dos niveles', tr: 'Kimlik doğrulama: iki seviye', fa: 'احراز هویت: دو سطح', ru: 'Верификация личности: два уровня',
    },
    summary: {
      en: 'Lv1 allows withdrawals up to 200 BTC a day, Lv2 up to 500 BTC.', zh: 'Lv1 每日可提现 200 BTC，Lv2 可提现 500 BTC。', hk: 'Lv1 每日可提現 200 BTC，Lv2 可提現 500 BTC。', th: 'Lv1 ถอนได้สูงสุด 200 BTC ต่อวัน Lv2 สูงสุด 500 BTC',
      jp: 'Lv1は1日200 BTC、Lv2は500 BTCまで出金できます。', kor: 'Lv1은 하루 200 BTC, Lv2는 500 BTC까지 출금할 수 있습니다.', fra: 'Lv1 permet de retirer jusqu\u2019à 200 BTC par jour, Lv2 jusqu\u2019à 500 BTC.',
      spa: 'Lv1 permite retirar hasta 200 BTC al día; Lv2, hasta 500 BTC.', tr: 'Lv1 günde 200 BTC\u2019ye, Lv2 500 BTC\u2019ye kadar çekime izin verir.', fa: 'سطح ۱ برداشت تا ۲۰۰ BTC در روز و سطح ۲ تا ۵۰۰ BTC را ممکن می‌کند.', ru: 'Lv1 позволяет выводить до 200 BTC в сутки, Lv2 — до 500 BTC.',
    },
    content: {
      en: p('Identity verification has two levels. Lv1 (basic) needs your name and ID number and allows withdrawals up to 200 BTC in 24 hours. Lv2 (advanced) adds photos of your document and raises the limit to 500 BTC.', 'Submissions are reviewed by our team; you are told the result in the app.'),
      zh: p('身份认证分为两级。Lv1（初级）需填写姓名和证件号码，24 小时提现额度为 200 BTC；Lv2（高级）需上传证件照片，额度提升至 500 BTC。', '提交后由我们的团队审核，结果会在应用内通知您。'),
      hk: p('身份認證分為兩級。Lv1（初級）需填寫姓名和證件號碼，24 小時提現額度為 200 BTC；Lv2（高級）需上傳證件照片，額度提升至 500 BTC。', '提交後由我們的團隊審核，結果會在應用程式內通知您。'),
      th: p('การยืนยันตัวตนมีสองระดับ Lv1 (พื้นฐาน) ใช้ชื่อและเลขประจำตัว ถอนได้สูงสุด 200 BTC ใน 24 ชั่วโมง Lv2 (ขั้นสูง) เพิ่มรูปถ่ายเอกสาร และเพิ่มวงเงินเป็น 500 BTC', 'ทีมงานของเราจะตรวจสอบคำขอ และแจ้งผลในแอป'),
      jp: p('本人確認は2段階です。Lv1（基本）は氏名と身分証番号が必要で、24時間で200 BTCまで出金できます。Lv2（上級）は書類の写真を追加し、上限が500 BTCになります。', '申請は当社チームが審査し、結果はアプリでお知らせします。'),
      kor: p('신원 인증은 두 단계입니다. Lv1(기본)은 이름과 신분증 번호가 필요하며 24시간 동안 200 BTC까지 출금할 수 있습니다. Lv2(고급)는 신분증 사진을 추가하며 한도가 500 BTC로 올라갑니다.', '제출한 내용은 저희 팀이 검토하며, 결과는 앱에서 알려 드립니다.'),
      fra: p('La vérification d\u2019identité a deux niveaux. Lv1 (de base) demande votre nom et votre numéro de pièce d\u2019identité et permet de retirer jusqu\u2019à 200 BTC sur 24 heures. Lv2 (avancé) ajoute des photos du document et porte la limite à 500 BTC.', 'Les demandes sont examinées par notre équipe ; le résultat vous est indiqué dans l\u2019application.'),
      spa: p('La verificación de identidad tiene dos niveles. Lv1 (básico) requiere su nombre y número de documento y permite retirar hasta 200 BTC en 24 horas. Lv2 (avanzado) añade fotos del documento y eleva el límite a 500 BTC.', 'Nuestro equipo revisa las solicitudes; el resultado se le indica en la app.'),
      tr: p('Kimlik doğrulamanın iki seviyesi vardır. Lv1 (temel) adınızı ve kimlik numaranızı ister ve 24 saatte 200 BTC\u2019ye kadar çekime izin verir. Lv2 (gelişmiş) belge fotoğraflarını ekler ve limiti 500 BTC\u2019ye çıkarır.', 'Başvurular ekibimizce incelenir; sonuç size uygulamada bildirilir.'),
      fa: p('احراز هویت دو سطح دارد. سطح ۱ (پایه) به نام و شمارهٔ شناسایی نیاز دارد و برداشت تا ۲۰۰ BTC در ۲۴ ساعت را ممکن می‌کند. سطح ۲ (پیشرفته) تصویر مدرک را اضافه می‌کند و سقف را به ۵۰۰ BTC می‌رساند.', 'درخواست‌ها را تیم ما بررسی می‌کند و نتیجه در برنامه به شما اعلام می‌شود.'),
      ru: p('Верификация личности имеет два уровня. Lv1 (базовый) требует имя и номер документа и позволяет выводить до 200 BTC за 24 часа. Lv2 (расширенный) добавляет фото документа и повышает лимит до 500 BTC.', 'Заявки проверяет наша команда; результат вы увидите в приложении.'),
    },
  },
  {
    sort: 6, daysAgo: 14,
    title: {
      en: 'Beware of phishing messages', zh: '谨防钓鱼信息', hk: '謹防釣魚訊息', th: 'ระวังข้อความฟิชชิง', jp: 'フィッシングメッセージにご注意ください', kor: '피싱 메시지에 주의하세요',
      fra: 'Méfiez-vous des messages d\u2019hameçonnage', spa: 'Cuidado con los mensajes de phishing', tr: 'Oltalama mesajlarına dikkat', fa: 'مراقب پیام‌های فیشینگ باشید', ru: 'Остерегайтесь фишинговых сообщений',
    },
    summary: {
      en: 'We never ask for your password, codes or transfers to a private address.', zh: '我们绝不会索要您的密码、验证码或要求向私人地址转账。', hk: '我們絕不會索取您的密碼、驗證碼或要求向私人地址轉賬。', th: 'เราไม่เคยขอรหัสผ่าน รหัสยืนยัน หรือให้โอนไปยังที่อยู่ส่วนตัว',
      jp: '当社がパスワードやコード、個人アドレスへの送金を求めることはありません。', kor: '저희는 비밀번호, 인증 코드, 개인 주소로의 송금을 절대 요구하지 않습니다.', fra: 'Nous ne demandons jamais votre mot de passe, vos codes ni un virement vers une adresse privée.',
      spa: 'Nunca le pedimos su contraseña, sus códigos ni transferencias a una dirección privada.', tr: 'Şifrenizi, kodlarınızı veya özel bir adrese transfer asla istemeyiz.', fa: 'ما هرگز رمز عبور، کدها یا انتقال به نشانی خصوصی را از شما نمی‌خواهیم.', ru: 'Мы никогда не просим пароль, коды или перевод на частный адрес.',
    },
    content: {
      en: p('Fraudsters pretend to be our support staff on social networks and messaging apps.', 'We will never ask for your password, verification codes or a transfer to a "safe" address. Contact us only through the addresses on the Contact us page of this app.'),
      zh: p('有不法分子在社交网络和聊天软件上冒充我们的客服人员。', '我们绝不会索要您的密码、验证码，也不会要求您向"安全"地址转账。请仅通过本应用"联系我们"页面上的方式联系我们。'),
      hk: p('有不法分子在社交網絡和聊天軟件上冒充我們的客服人員。', '我們絕不會索取您的密碼、驗證碼，也不會要求您向「安全」地址轉賬。請僅透過本應用程式「聯絡我們」頁面上的方式聯絡我們。'),
      th: p('มิจฉาชีพแอบอ้างเป็นเจ้าหน้าที่ฝ่ายบริการของเราบนโซเชียลมีเดียและแอปส่งข้อความ', 'เราจะไม่ขอรหัสผ่าน รหัสยืนยัน หรือให้โอนไปยังที่อยู่ "ปลอดภัย" ติดต่อเราผ่านช่องทางในหน้า ติดต่อเรา ของแอปนี้เท่านั้น'),
      jp: p('SNSやメッセージアプリで当社サポートを装う詐欺があります。', '当社がパスワードや認証コード、「安全な」アドレスへの送金を求めることはありません。お問い合わせは本アプリの「お問い合わせ」ページに記載の連絡先のみをご利用ください。'),
      kor: p('사기꾼들이 소셜 네트워크와 메신저에서 저희 고객지원 직원을 사칭합니다.', '저희는 비밀번호, 인증 코드, "안전한" 주소로의 송금을 절대 요구하지 않습니다. 이 앱의 문의하기 페이지에 있는 연락처로만 문의하세요.'),
      fra: p('Des fraudeurs se font passer pour notre service client sur les réseaux sociaux et les messageries.', 'Nous ne vous demanderons jamais votre mot de passe, vos codes de vérification ni un virement vers une adresse « sûre ». Contactez-nous uniquement par les coordonnées de la page Nous contacter de cette application.'),
      spa: p('Hay estafadores que se hacen pasar por nuestro servicio de atención en redes sociales y apps de mensajería.', 'Nunca le pediremos su contraseña, sus códigos de verificación ni una transferencia a una dirección «segura». Contáctenos solo a través de los datos de la página Contáctenos de esta app.'),
      tr: p('Dolandırıcılar sosyal ağlarda ve mesajlaşma uygulamalarında destek ekibimiz gibi davranıyor.', 'Şifrenizi, doğrulama kodlarınızı veya "güvenli" bir adrese transfer asla istemeyiz. Bize yalnızca bu uygulamanın Bize ulaşın sayfasındaki adreslerden ulaşın.'),
      fa: p('کلاهبرداران در شبکه‌های اجتماعی و پیام‌رسان‌ها خود را کارکنان پشتیبانی ما معرفی می‌کنند.', 'ما هرگز رمز عبور، کدهای تأیید یا انتقال به نشانی «امن» را از شما نمی‌خواهیم. فقط از راه‌های صفحهٔ تماس با ما در همین برنامه با ما تماس بگیرید.'),
      ru: p('Мошенники выдают себя за нашу службу поддержки в соцсетях и мессенджерах.', 'Мы никогда не попросим пароль, коды подтверждения или перевод на «безопасный» адрес. Связывайтесь с нами только по контактам со страницы «Связаться с нами» в этом приложении.'),
    },
  },
];

/** The banners' articles: what a tap on a banner opens. */
const BANNER_ARTICLES: Array<{ title: Texts; content: Texts }> = [
  {
    title: {
      en: 'Trade coins and stocks', zh: '交易数字货币和股票', hk: '交易數字貨幣和股票', th: 'เทรดเหรียญและหุ้น', jp: 'コインと株式の取引', kor: '코인과 주식 거래',
      fra: 'Tradez cryptos et actions', spa: 'Opere criptos y acciones', tr: 'Coin ve hisse ticareti', fa: 'معامله رمزارز و سهام', ru: 'Торговля монетами и акциями',
    },
    content: {
      en: p('Buy and sell more than 30 coins and stocks on spot, trade contracts with leverage, or take a position for a few seconds with seconds trading, all from the Trade tab.'),
      zh: p('在“交易”页签即可现货买卖 30 多种数字货币和股票、使用杠杆交易合约，或通过秒合约持仓几秒钟。'),
      hk: p('在「交易」頁籤即可現貨買賣 30 多種數字貨幣和股票、使用槓桿交易合約，或透過秒合約持倉幾秒鐘。'),
      th: p('ซื้อขายเหรียญและหุ้นกว่า 30 รายการในตลาดสปอต เทรดสัญญาด้วยเลเวอเรจ หรือเปิดสถานะไม่กี่วินาทีด้วยการเทรดรายวินาที ทั้งหมดจากแท็บ เทรด'),
      jp: p('「取引」タブから、30以上のコインと株式の現物売買、レバレッジ付きの先物取引、数秒間の秒取引ができます。'),
      kor: p('거래 탭에서 30개 이상의 코인과 주식을 현물로 사고팔고, 레버리지로 선물을 거래하거나, 초단위 거래로 몇 초 동안 포지션을 가질 수 있습니다.'),
      fra: p('Achetez et vendez plus de 30 cryptos et actions en spot, tradez des contrats avec effet de levier ou prenez position quelques secondes avec les options en secondes, depuis l\u2019onglet Trader.'),
      spa: p('Compre y venda más de 30 criptos y acciones en spot, opere contratos con apalancamiento o abra una posición de unos segundos con las operaciones por segundos, todo desde la pestaña Operar.'),
      tr: p('İşlem sekmesinden 30\u2019dan fazla coin ve hisseyi spot piyasada alıp satın, kaldıraçlı kontrat işlemi yapın veya saniyelik işlemlerle birkaç saniyelik pozisyon açın.'),
      fa: p('از زبانهٔ معامله، بیش از ۳۰ رمزارز و سهام را در بازار اسپات بخرید و بفروشید، با اهرم قرارداد معامله کنید یا با معاملات ثانیه‌ای برای چند ثانیه موقعیت بگیرید.'),
      ru: p('На вкладке «Торговля» покупайте и продавайте более 30 монет и акций на споте, торгуйте контрактами с плечом или открывайте позицию на несколько секунд в секундной торговле.'),
    },
  },
  {
    title: {
      en: 'Lock mining', zh: '锁仓挖矿', hk: '鎖倉挖礦', th: 'ขุดแบบล็อก', jp: 'ロックマイニング', kor: '락업 채굴',
      fra: 'Minage verrouillé', spa: 'Minería con bloqueo', tr: 'Kilitli madencilik', fa: 'استخراج قفلی', ru: 'Майнинг с блокировкой',
    },
    content: {
      en: p('Lock an amount for a fixed term and earn a yield every day, from 0.3% a day on the shortest USDT plan. The principal returns to your spot account at the end of the term.'),
      zh: p('锁定一笔金额固定期限，每天获得收益，最短期 USDT 方案日收益 0.3% 起。期满后本金返还至您的现货账户。'),
      hk: p('鎖定一筆金額固定期限，每天獲得收益，最短期 USDT 方案日收益 0.3% 起。期滿後本金返還至您的現貨賬戶。'),
      th: p('ล็อกจำนวนเงินตามระยะเวลาที่กำหนดและรับผลตอบแทนทุกวัน เริ่มต้น 0.3% ต่อวันในแผน USDT ระยะสั้นที่สุด เงินต้นจะคืนเข้าบัญชีสปอตเมื่อครบกำหนด'),
      jp: p('一定期間金額をロックして毎日利回りを受け取れます。最短のUSDTプランで日利0.3%から。満期に元本が現物口座に戻ります。'),
      kor: p('정해진 기간 동안 금액을 잠그고 매일 수익을 받으세요. 가장 짧은 USDT 플랜은 하루 0.3%부터입니다. 기간이 끝나면 원금이 현물 계정으로 돌아옵니다.'),
      fra: p('Bloquez un montant pour une durée fixe et recevez un rendement chaque jour, dès 0,3 % par jour sur le plan USDT le plus court. Le capital revient sur votre compte spot à la fin de la durée.'),
      spa: p('Bloquee un importe durante un plazo fijo y reciba un rendimiento cada día, desde 0,3 % diario en el plan USDT más corto. El capital vuelve a su cuenta spot al final del plazo.'),
      tr: p('Bir tutarı sabit bir süre için kilitleyin ve her gün getiri alın; en kısa USDT planında günlük %0,3\u2019ten başlar. Anapara sürenin sonunda spot hesabınıza döner.'),
      fa: p('مبلغی را برای مدتی ثابت قفل کنید و هر روز سود بگیرید؛ از ۰٫۳٪ در روز در کوتاه‌ترین طرح USDT. اصل سرمایه در پایان مدت به حساب اسپات شما برمی‌گردد.'),
      ru: p('Заблокируйте сумму на фиксированный срок и получайте доход каждый день — от 0,3% в день по самому короткому плану в USDT. В конце срока основная сумма вернётся на спотовый счёт.'),
    },
  },
  {
    title: {
      en: 'DeFi and cloud mining', zh: 'DeFi 挖矿与云挖矿', hk: 'DeFi 挖礦與雲挖礦', th: 'การขุด DeFi และการขุดบนคลาวด์', jp: 'DeFiマイニングとクラウドマイニング', kor: 'DeFi 채굴과 클라우드 채굴',
      fra: 'Minage DeFi et minage cloud', spa: 'Minería DeFi y en la nube', tr: 'DeFi ve bulut madenciliği', fa: 'استخراج دیفای و استخراج ابری', ru: 'DeFi и облачный майнинг',
    },
    content: ANNOUNCEMENTS[1].content,
  },
];

export const ARTICLES: SeedArticle[] = [
  ...ANNOUNCEMENTS.map((a): SeedArticle => ({ ...a, c_id: 4, thumbnail: '' })),
  ...BANNERS.map((b, i): SeedArticle => ({
    c_id: 5, thumbnail: `/uploads/${bannerFile(b, 'en')}`, sort: 3 - i, daysAgo: i, banner: b,
    title: BANNER_ARTICLES[i].title, summary: b.subtitle, content: BANNER_ARTICLES[i].content,
  })),
];
