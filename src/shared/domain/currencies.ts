/** SPEC 7: the fiat currencies whose rates are kept (a module of its own: the app's first screen needs it, not the contract). */
export const FIAT_CURRENCIES = ['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND'] as const;
