/** Countries and regions with their international dialing codes and ISO 3166-1 alpha-2 codes. */
export const AREA_CODES: ReadonlyArray<readonly [name: string, areaCode: string, iso: string]> = [
  ['United States', '+1', 'US'], ['Canada', '+1', 'CA'], ['United Kingdom', '+44', 'GB'], ['China', '+86', 'CN'],
  ['Hong Kong', '+852', 'HK'], ['Macao', '+853', 'MO'], ['Taiwan', '+886', 'TW'], ['Japan', '+81', 'JP'],
  ['South Korea', '+82', 'KR'], ['Singapore', '+65', 'SG'], ['Malaysia', '+60', 'MY'], ['Thailand', '+66', 'TH'],
  ['Vietnam', '+84', 'VN'], ['Philippines', '+63', 'PH'], ['Indonesia', '+62', 'ID'], ['India', '+91', 'IN'],
  ['Pakistan', '+92', 'PK'], ['Bangladesh', '+880', 'BD'], ['Sri Lanka', '+94', 'LK'], ['Nepal', '+977', 'NP'],
  ['Cambodia', '+855', 'KH'], ['Laos', '+856', 'LA'], ['Myanmar', '+95', 'MM'], ['Mongolia', '+976', 'MN'],
  ['Kazakhstan', '+7', 'KZ'], ['Russia', '+7', 'RU'], ['Ukraine', '+380', 'UA'], ['Turkey', '+90', 'TR'],
  ['Iran', '+98', 'IR'], ['Iraq', '+964', 'IQ'], ['Israel', '+972', 'IL'], ['Jordan', '+962', 'JO'],
  ['Saudi Arabia', '+966', 'SA'], ['United Arab Emirates', '+971', 'AE'], ['Qatar', '+974', 'QA'], ['Kuwait', '+965', 'KW'],
  ['Bahrain', '+973', 'BH'], ['Oman', '+968', 'OM'], ['Egypt', '+20', 'EG'], ['Morocco', '+212', 'MA'],
  ['Algeria', '+213', 'DZ'], ['Tunisia', '+216', 'TN'], ['Nigeria', '+234', 'NG'], ['Ghana', '+233', 'GH'],
  ['Kenya', '+254', 'KE'], ['Ethiopia', '+251', 'ET'], ['Tanzania', '+255', 'TZ'], ['Uganda', '+256', 'UG'],
  ['South Africa', '+27', 'ZA'], ['Germany', '+49', 'DE'], ['France', '+33', 'FR'], ['Italy', '+39', 'IT'],
  ['Spain', '+34', 'ES'], ['Portugal', '+351', 'PT'], ['Netherlands', '+31', 'NL'], ['Belgium', '+32', 'BE'],
  ['Switzerland', '+41', 'CH'], ['Austria', '+43', 'AT'], ['Sweden', '+46', 'SE'], ['Norway', '+47', 'NO'],
  ['Denmark', '+45', 'DK'], ['Finland', '+358', 'FI'], ['Ireland', '+353', 'IE'], ['Poland', '+48', 'PL'],
  ['Czech Republic', '+420', 'CZ'], ['Hungary', '+36', 'HU'], ['Romania', '+40', 'RO'], ['Greece', '+30', 'GR'],
  ['Mexico', '+52', 'MX'], ['Brazil', '+55', 'BR'], ['Argentina', '+54', 'AR'], ['Chile', '+56', 'CL'],
  ['Colombia', '+57', 'CO'], ['Peru', '+51', 'PE'], ['Venezuela', '+58', 'VE'], ['Australia', '+61', 'AU'],
  ['New Zealand', '+64', 'NZ'],
];

/** Units of each currency per 1 USD (approximate reference values; operators update the table). */
export const FIAT_RATES: ReadonlyArray<readonly [code: string, rate: string]> = [
  ['USD', '1'], ['CNY', '7.12'], ['GBP', '0.79'], ['HKD', '7.78'], ['JPY', '151.3'], ['EUR', '0.92'],
  ['AED', '3.6725'], ['THB', '35.6'], ['PHP', '57.4'], ['SGD', '1.34'], ['VND', '25420'],
];
