/**
 * The demo FAQ of a fresh install, in every language of the app (issue 23). Migration 028 gives installs
 * seeded before (en and zh only) the other languages of these questions; a test keeps the two the same.
 */
import type { Texts } from './news';

const p = (...lines: string[]): string => lines.map((l) => `<p>${l}</p>`).join('');

export const FAQ: Array<{ question: Texts; answer: Texts }> = [
  {
    question: {
      en: 'How do I create an account?', zh: '如何注册账户？', hk: '如何註冊帳戶？', jp: 'アカウントを作成するには？', kor: '계정은 어떻게 만드나요?',
      th: 'สมัครบัญชีได้อย่างไร', tr: 'Nasıl hesap oluşturabilirim?', ru: 'Как создать аккаунт?', fa: 'چگونه حساب کاربری بسازم؟',
      fra: 'Comment créer un compte ?', spa: '¿Cómo creo una cuenta?',
    },
    answer: {
      en: p('Tap Register, enter your email address, request a verification code, and choose a password longer than six characters. An invitation code is optional.'),
      zh: p('点击注册，输入邮箱地址并获取验证码，设置长度超过六位的密码即可。邀请码可不填。'),
      hk: p('點擊註冊，輸入電郵地址並獲取驗證碼，設定長度超過六位的密碼即可。邀請碼可不填。'),
      jp: p('「登録」をタップし、メールアドレスを入力して認証コードを取得し、7文字以上のパスワードを設定してください。招待コードは任意です。'),
      kor: p('회원가입을 누르고 이메일 주소를 입력한 뒤 인증 코드를 받아 6자보다 긴 비밀번호를 설정하세요. 초대 코드는 선택 사항입니다.'),
      th: p('แตะสมัครสมาชิก กรอกอีเมล ขอรหัสยืนยัน แล้วตั้งรหัสผ่านที่ยาวกว่าหกตัวอักษร รหัสเชิญจะกรอกหรือไม่ก็ได้'),
      tr: p('Kayıt Ol\u2019a dokunun, e-posta adresinizi girin, doğrulama kodu isteyin ve altı karakterden uzun bir şifre belirleyin. Davet kodu isteğe bağlıdır.'),
      ru: p('Нажмите «Регистрация», введите адрес электронной почты, запросите код подтверждения и придумайте пароль длиннее шести символов. Код приглашения вводить не обязательно.'),
      fa: p('روی ثبت‌نام بزنید، نشانی ایمیل خود را وارد کنید، کد تأیید بگیرید و رمز عبوری بیش از شش نویسه انتخاب کنید. وارد کردن کد دعوت اختیاری است.'),
      fra: p('Touchez S\u2019inscrire, saisissez votre adresse e-mail, demandez un code de vérification et choisissez un mot de passe de plus de six caractères. Le code d\u2019invitation est facultatif.'),
      spa: p('Toque Registrarse, introduzca su correo electrónico, solicite un código de verificación y elija una contraseña de más de seis caracteres. El código de invitación es opcional.'),
    },
  },
  {
    question: {
      en: 'I did not receive the verification code.', zh: '收不到验证码怎么办？', hk: '收不到驗證碼怎麼辦？', jp: '認証コードが届きません。', kor: '인증 코드를 받지 못했어요.',
      th: 'ไม่ได้รับรหัสยืนยัน', tr: 'Doğrulama kodu gelmedi.', ru: 'Не приходит код подтверждения.', fa: 'کد تأیید را دریافت نکردم.',
      fra: 'Je n\u2019ai pas reçu le code de vérification.', spa: 'No he recibido el código de verificación.',
    },
    answer: {
      en: p('Check your spam folder and wait a minute before requesting a new code. A code is valid for 10 minutes and can be used once.'),
      zh: p('请检查垃圾邮件箱，并等待一分钟后再重新获取。验证码 10 分钟内有效，且只能使用一次。'),
      hk: p('請檢查垃圾郵件匣，並等待一分鐘後再重新獲取。驗證碼 10 分鐘內有效，且只能使用一次。'),
      jp: p('迷惑メールフォルダを確認し、1分待ってから新しいコードを請求してください。コードの有効期限は10分で、1回のみ使用できます。'),
      kor: p('스팸 메일함을 확인하고 1분 후에 새 코드를 요청하세요. 코드는 10분 동안 유효하며 한 번만 사용할 수 있습니다.'),
      th: p('ตรวจสอบโฟลเดอร์สแปม และรอหนึ่งนาทีก่อนขอรหัสใหม่ รหัสมีอายุ 10 นาทีและใช้ได้ครั้งเดียว'),
      tr: p('Spam klasörünüzü kontrol edin ve yeni kod istemeden önce bir dakika bekleyin. Kod 10 dakika geçerlidir ve yalnızca bir kez kullanılabilir.'),
      ru: p('Проверьте папку «Спам» и подождите минуту, прежде чем запросить новый код. Код действует 10 минут и используется один раз.'),
      fa: p('پوشه هرزنامه را بررسی کنید و پیش از درخواست کد جدید یک دقیقه صبر کنید. هر کد ۱۰ دقیقه اعتبار دارد و فقط یک بار قابل استفاده است.'),
      fra: p('Vérifiez vos courriers indésirables et attendez une minute avant de demander un nouveau code. Un code est valable 10 minutes et ne sert qu\u2019une fois.'),
      spa: p('Revise la carpeta de spam y espere un minuto antes de solicitar un código nuevo. Cada código es válido durante 10 minutos y solo se puede usar una vez.'),
    },
  },
  {
    question: {
      en: 'How do I deposit crypto?', zh: '如何充值数字货币？', hk: '如何充值數字貨幣？', jp: '暗号資産を入金するには？', kor: '암호화폐는 어떻게 입금하나요?',
      th: 'ฝากคริปโตได้อย่างไร', tr: 'Nasıl kripto yatırırım?', ru: 'Как пополнить счёт криптовалютой?', fa: 'چگونه رمزارز واریز کنم؟',
      fra: 'Comment déposer des cryptos ?', spa: '¿Cómo deposito criptomonedas?',
    },
    answer: {
      en: p('Open Assets, choose Deposit and the currency, then send funds to the address shown. Make sure the network (for example ERC20 or TRC20) matches.'),
      zh: p('进入资产页面，选择充值和币种，然后向显示的地址转账。请确保网络（如 ERC20 或 TRC20）一致。'),
      hk: p('進入資產頁面，選擇充值和幣種，然後向顯示的地址轉帳。請確保網絡（如 ERC20 或 TRC20）一致。'),
      jp: p('「資産」を開き、「入金」と通貨を選んで、表示されたアドレスに送金してください。ネットワーク（ERC20、TRC20 など）が一致していることを確認してください。'),
      kor: p('자산에서 입금과 코인을 선택한 뒤 표시된 주소로 보내세요. 네트워크(예: ERC20 또는 TRC20)가 일치하는지 꼭 확인하세요.'),
      th: p('เปิดหน้าสินทรัพย์ เลือกฝากและสกุลเงิน แล้วโอนไปยังที่อยู่ที่แสดง ตรวจสอบให้แน่ใจว่าเครือข่าย (เช่น ERC20 หรือ TRC20) ตรงกัน'),
      tr: p('Varlıklar\u2019ı açın, Yatır\u2019ı ve para birimini seçin, ardından gösterilen adrese gönderin. Ağın (örneğin ERC20 veya TRC20) eşleştiğinden emin olun.'),
      ru: p('Откройте «Активы», выберите «Пополнить» и валюту, затем отправьте средства на указанный адрес. Убедитесь, что сеть (например, ERC20 или TRC20) совпадает.'),
      fa: p('بخش دارایی‌ها را باز کنید، واریز و ارز را انتخاب کنید و سپس وجه را به نشانی نمایش‌داده‌شده بفرستید. مطمئن شوید شبکه (مثلاً ERC20 یا TRC20) یکسان است.'),
      fra: p('Ouvrez Actifs, choisissez Dépôt et la devise, puis envoyez les fonds à l\u2019adresse affichée. Vérifiez que le réseau (par exemple ERC20 ou TRC20) correspond.'),
      spa: p('Abra Activos, elija Depositar y la moneda, y envíe los fondos a la dirección indicada. Asegúrese de que la red (por ejemplo ERC20 o TRC20) coincida.'),
    },
  },
  {
    question: {
      en: 'How long does a withdrawal take?', zh: '提现需要多长时间？', hk: '提現需要多長時間？', jp: '出金にはどのくらいかかりますか？', kor: '출금은 얼마나 걸리나요?',
      th: 'การถอนใช้เวลานานเท่าไร', tr: 'Para çekme ne kadar sürer?', ru: 'Сколько времени занимает вывод средств?', fa: 'برداشت چقدر طول می‌کشد؟',
      fra: 'Combien de temps prend un retrait ?', spa: '¿Cuánto tarda un retiro?',
    },
    answer: {
      en: p('Withdrawals are reviewed by several nodes and usually arrive within T+1 to T+5. You need to set a transaction password first.'),
      zh: p('提现经多节点审核，通常在 T+1 至 T+5 内到账。提现前需先设置交易密码。'),
      hk: p('提現經多節點審核，通常在 T+1 至 T+5 內到帳。提現前需先設定交易密碼。'),
      jp: p('出金は複数のノードで審査され、通常 T+1〜T+5 で着金します。先に取引パスワードを設定する必要があります。'),
      kor: p('출금은 여러 노드의 검토를 거쳐 보통 T+1~T+5 이내에 도착합니다. 먼저 거래 비밀번호를 설정해야 합니다.'),
      th: p('การถอนจะได้รับการตรวจสอบโดยหลายโหนด และมักเข้าบัญชีภายใน T+1 ถึง T+5 ต้องตั้งรหัสผ่านธุรกรรมก่อน'),
      tr: p('Para çekme talepleri birkaç düğüm tarafından incelenir ve genellikle T+1 ile T+5 arasında ulaşır. Önce bir işlem şifresi belirlemeniz gerekir.'),
      ru: p('Заявки на вывод проверяются несколькими узлами, и средства обычно поступают в течение T+1 – T+5. Сначала нужно установить пароль для транзакций.'),
      fa: p('درخواست‌های برداشت توسط چند گره بررسی می‌شوند و معمولاً ظرف T+1 تا T+5 می‌رسند. ابتدا باید رمز تراکنش تعیین کنید.'),
      fra: p('Les retraits sont vérifiés par plusieurs nœuds et arrivent en général entre T+1 et T+5. Vous devez d\u2019abord définir un mot de passe de transaction.'),
      spa: p('Los retiros los revisan varios nodos y suelen llegar entre T+1 y T+5. Antes debe establecer una contraseña de transacción.'),
    },
  },
  {
    question: {
      en: 'What is the difference between spot and contract trading?', zh: '现货交易与合约交易有什么区别？', hk: '現貨交易與合約交易有什麼區別？',
      jp: '現物取引と先物取引の違いは？', kor: '현물 거래와 선물 거래는 어떻게 다른가요?', th: 'การเทรดสปอตกับการเทรดสัญญาต่างกันอย่างไร',
      tr: 'Spot ve kontrat işlemleri arasındaki fark nedir?', ru: 'Чем спотовая торговля отличается от торговли контрактами?', fa: 'تفاوت معاملات اسپات و قراردادی چیست؟',
      fra: 'Quelle différence entre le trading spot et les contrats ?', spa: '¿Qué diferencia hay entre el trading al contado y los contratos?',
    },
    answer: {
      en: p('Spot trading buys and sells the asset itself. Contract trading lets you go long or short with leverage; gains and losses are magnified and positions can be liquidated.'),
      zh: p('现货交易买卖的是资产本身；合约交易可通过杠杆做多或做空，盈亏会被放大，持仓可能被强制平仓。'),
      hk: p('現貨交易買賣的是資產本身；合約交易可透過槓桿做多或做空，盈虧會被放大，持倉可能被強制平倉。'),
      jp: p('現物取引は資産そのものを売買します。先物取引ではレバレッジをかけてロングまたはショートができ、損益が拡大し、ポジションが強制決済されることがあります。'),
      kor: p('현물 거래는 자산 자체를 사고팝니다. 선물 거래는 레버리지로 롱 또는 숏 포지션을 잡을 수 있으며, 손익이 확대되고 포지션이 강제 청산될 수 있습니다.'),
      th: p('การเทรดสปอตคือการซื้อขายสินทรัพย์จริง ส่วนการเทรดสัญญาให้เปิด Long หรือ Short ด้วยเลเวอเรจ กำไรและขาดทุนจะถูกขยาย และสถานะอาจถูกชำระบัญชี'),
      tr: p('Spot işlemde varlığın kendisini alıp satarsınız. Kontrat işlemde kaldıraçla uzun veya kısa pozisyon açabilirsiniz; kâr ve zarar büyür ve pozisyonlar tasfiye edilebilir.'),
      ru: p('На споте покупается и продаётся сам актив. Контракты позволяют открывать длинные и короткие позиции с плечом: прибыль и убыток увеличиваются, а позиции могут быть ликвидированы.'),
      fa: p('در معاملات اسپات خود دارایی خرید و فروش می‌شود. معاملات قراردادی امکان خرید یا فروش استقراضی با اهرم را می‌دهد؛ سود و زیان بزرگ‌تر می‌شود و ممکن است موقعیت‌ها لیکوئید شوند.'),
      fra: p('Le spot achète et vend l\u2019actif lui-même. Les contrats permettent d\u2019acheter ou de vendre à découvert avec effet de levier : gains et pertes sont amplifiés et les positions peuvent être liquidées.'),
      spa: p('El trading al contado compra y vende el propio activo. Los contratos permiten abrir posiciones largas o cortas con apalancamiento: las ganancias y pérdidas se amplifican y las posiciones pueden liquidarse.'),
    },
  },
  {
    question: {
      en: 'What is identity verification for?', zh: '为什么需要身份认证？', hk: '為什麼需要身份認證？', jp: '本人確認は何のために必要ですか？', kor: '신원 인증은 왜 필요한가요?',
      th: 'การยืนยันตัวตนมีไว้เพื่ออะไร', tr: 'Kimlik doğrulama ne işe yarar?', ru: 'Зачем нужна верификация личности?', fa: 'احراز هویت برای چیست؟',
      fra: 'À quoi sert la vérification d\u2019identité ?', spa: '¿Para qué sirve la verificación de identidad?',
    },
    answer: {
      en: p('Verification protects your account and is required for withdrawals and fiat trading. Lv1 allows 200 BTC per 24 hours, Lv2 allows 500 BTC.'),
      zh: p('身份认证可保护账户安全，提现和法币交易需完成认证。Lv1 每 24 小时可提现 200 BTC，Lv2 可提现 500 BTC。'),
      hk: p('身份認證可保護帳戶安全，提現和法幣交易需完成認證。Lv1 每 24 小時可提現 200 BTC，Lv2 可提現 500 BTC。'),
      jp: p('本人確認はアカウントを保護するもので、出金と法定通貨取引に必要です。Lv1 は24時間あたり 200 BTC、Lv2 は 500 BTC まで出金できます。'),
      kor: p('신원 인증은 계정을 보호하며 출금과 법정화폐 거래에 필요합니다. Lv1은 24시간당 200 BTC, Lv2는 500 BTC까지 출금할 수 있습니다.'),
      th: p('การยืนยันตัวตนช่วยปกป้องบัญชีของคุณ และจำเป็นสำหรับการถอนและการเทรดเงินเฟียต Lv1 ถอนได้ 200 BTC ต่อ 24 ชั่วโมง Lv2 ถอนได้ 500 BTC'),
      tr: p('Doğrulama hesabınızı korur ve para çekme ile itibari para işlemleri için gereklidir. Lv1 24 saatte 200 BTC, Lv2 500 BTC çekmeye izin verir.'),
      ru: p('Верификация защищает аккаунт и нужна для вывода средств и торговли за фиат. Lv1 позволяет выводить 200 BTC за 24 часа, Lv2 — 500 BTC.'),
      fa: p('احراز هویت از حساب شما محافظت می‌کند و برای برداشت و معاملات ارز فیات لازم است. Lv1 برداشت ۲۰۰ BTC در هر ۲۴ ساعت و Lv2 برداشت ۵۰۰ BTC را مجاز می‌کند.'),
      fra: p('La vérification protège votre compte et est requise pour les retraits et le trading en monnaie fiduciaire. Le Lv1 permet 200 BTC par 24 heures, le Lv2 500 BTC.'),
      spa: p('La verificación protege su cuenta y es necesaria para retirar y operar con dinero fiat. El Lv1 permite 200 BTC cada 24 horas y el Lv2, 500 BTC.'),
    },
  },
  {
    question: {
      en: 'How does lock mining work?', zh: '锁仓挖矿如何运作？', hk: '鎖倉挖礦如何運作？', jp: 'ロックマイニングの仕組みは？', kor: '락업 채굴은 어떻게 진행되나요?',
      th: 'การขุดแบบล็อกทำงานอย่างไร', tr: 'Kilitli madencilik nasıl çalışır?', ru: 'Как работает майнинг с блокировкой?', fa: 'استخراج قفلی چگونه کار می‌کند؟',
      fra: 'Comment fonctionne le minage verrouillé ?', spa: '¿Cómo funciona la minería con bloqueo?',
    },
    answer: {
      en: p('You lock an amount for a fixed number of days and receive a daily yield. At expiry the principal returns to your funds account automatically. Early redemption carries a penalty.'),
      zh: p('将资金锁定固定天数并获得每日收益，到期后本金自动返还至资金账户。提前赎回需支付违约金。'),
      hk: p('將資金鎖定固定天數並獲得每日收益，到期後本金自動返還至資金帳戶。提前贖回需支付違約金。'),
      jp: p('一定の日数にわたって資金をロックし、毎日利回りを受け取ります。満期になると元本は自動的に資金口座に戻ります。途中解約にはペナルティがかかります。'),
      kor: p('일정 기간 동안 금액을 잠가 두고 매일 수익을 받습니다. 만기가 되면 원금이 자금 계정으로 자동 반환됩니다. 중도 해지 시 위약금이 부과됩니다.'),
      th: p('คุณล็อกเงินตามจำนวนวันที่กำหนดและรับผลตอบแทนทุกวัน เมื่อครบกำหนด เงินต้นจะคืนเข้าบัญชีเงินทุนโดยอัตโนมัติ การไถ่ถอนก่อนกำหนดมีค่าปรับ'),
      tr: p('Bir tutarı belirli bir gün sayısı için kilitler ve her gün getiri alırsınız. Vade sonunda anapara otomatik olarak fon hesabınıza döner. Erken çekimde ceza uygulanır.'),
      ru: p('Вы блокируете сумму на фиксированное число дней и получаете ежедневный доход. В конце срока основная сумма автоматически возвращается на счёт средств. За досрочный выкуп взимается штраф.'),
      fa: p('مبلغی را برای تعداد روز مشخصی قفل می‌کنید و هر روز سود دریافت می‌کنید. در سررسید، اصل سرمایه به‌طور خودکار به حساب وجوه شما بازمی‌گردد. بازخرید زودهنگام جریمه دارد.'),
      fra: p('Vous bloquez un montant pour un nombre de jours fixe et recevez un rendement chaque jour. À l\u2019échéance, le capital revient automatiquement sur votre compte de fonds. Un rachat anticipé entraîne une pénalité.'),
      spa: p('Bloquea un importe durante un número fijo de días y recibe un rendimiento diario. Al vencimiento, el capital vuelve automáticamente a su cuenta de fondos. El rescate anticipado conlleva una penalización.'),
    },
  },
  {
    question: {
      en: 'I forgot my password.', zh: '忘记密码怎么办？', hk: '忘記密碼怎麼辦？', jp: 'パスワードを忘れました。', kor: '비밀번호를 잊어버렸어요.',
      th: 'ลืมรหัสผ่าน', tr: 'Şifremi unuttum.', ru: 'Я забыл пароль.', fa: 'رمز عبورم را فراموش کرده‌ام.',
      fra: 'J\u2019ai oublié mon mot de passe.', spa: 'He olvidado mi contraseña.',
    },
    answer: {
      en: p('On the login page tap Forgot password, enter your email, request a code and set a new password. For your safety you are logged out on all devices.'),
      zh: p('在登录页点击忘记密码，输入邮箱并获取验证码后设置新密码。为了安全，所有设备上的登录将被注销。'),
      hk: p('在登入頁點擊忘記密碼，輸入電郵並獲取驗證碼後設定新密碼。為了安全，所有裝置上的登入將被登出。'),
      jp: p('ログイン画面で「パスワードをお忘れの方」をタップし、メールアドレスを入力してコードを取得し、新しいパスワードを設定してください。安全のため、すべての端末からログアウトされます。'),
      kor: p('로그인 화면에서 비밀번호 찾기를 누르고 이메일을 입력해 코드를 받은 뒤 새 비밀번호를 설정하세요. 안전을 위해 모든 기기에서 로그아웃됩니다.'),
      th: p('ในหน้าเข้าสู่ระบบ แตะลืมรหัสผ่าน กรอกอีเมล ขอรหัส แล้วตั้งรหัสผ่านใหม่ เพื่อความปลอดภัย ระบบจะออกจากระบบในทุกอุปกรณ์'),
      tr: p('Giriş sayfasında Şifremi unuttum\u2019a dokunun, e-postanızı girin, kod isteyin ve yeni bir şifre belirleyin. Güvenliğiniz için tüm cihazlarda oturumunuz kapatılır.'),
      ru: p('На странице входа нажмите «Забыли пароль?», введите адрес почты, запросите код и задайте новый пароль. В целях безопасности вы выйдете из аккаунта на всех устройствах.'),
      fa: p('در صفحه ورود روی فراموشی رمز عبور بزنید، ایمیل خود را وارد کنید، کد بگیرید و رمز عبور جدیدی تعیین کنید. برای امنیت شما، از همه دستگاه‌ها خارج می‌شوید.'),
      fra: p('Sur la page de connexion, touchez Mot de passe oublié, saisissez votre e-mail, demandez un code et définissez un nouveau mot de passe. Par sécurité, vous êtes déconnecté de tous vos appareils.'),
      spa: p('En la página de inicio de sesión, toque ¿Olvidó su contraseña?, introduzca su correo, solicite un código y establezca una contraseña nueva. Por seguridad, se cerrará la sesión en todos sus dispositivos.'),
    },
  },
];
