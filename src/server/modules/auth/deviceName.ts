/**
 * A readable name of the device a session logged in from, from its User-Agent: the browser (or the in-app
 * browser) and the operating system, such as Chrome and Android. The names are products' own and stay
 * untranslated; what is unknown is undefined. Order matters: Edge, Opera, Samsung Internet and the in-app
 * browsers also say Chrome and Safari; HarmonyOS also says Android.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/MicroMessenger\//, 'WeChat'],
  [/AlipayClient\//, 'Alipay'],
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(?:OPR|OPT|Opera)\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/UCBrowser\//, 'UC Browser'],
  [/\b(?:HuaweiBrowser)\//, 'Huawei Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/Version\/\d[^ ]* .*Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/Android/, 'Android'],
  [/iPad/, 'iPadOS'],
  [/iPhone|iPod|\biOS\b/, 'iOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (list: ReadonlyArray<[RegExp, string]>, ua: string): string | undefined => list.find(([re]) => re.test(ua))?.[1];

export function deviceOf(userAgent: string): { browser?: string; os?: string } {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
