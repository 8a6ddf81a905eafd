/**
 * The assets tab: the total of every account in the chosen fiat currency, then one account at a time with
 * each currency's available, frozen and locked amounts and their value. Amounts can be hidden, and small
 * (under 1 USDT) or empty balances left out; these choices are kept on the device. USDT counts as USD.
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { amount, fiat, toD } from '../../../shared/format';
import { swrFetcher } from '../../api/request';
import { useT } from '../../i18n';
import { readJson, STORAGE_KEYS, writeJson } from '../../state/storage';
import { useAppState } from '../../state/store';
import { navigateTo } from '../../shell/navigation';
import type { GridSection } from '../../runtime/types';
import Grid from '../Grid';
import { EmptyState, ErrorState, Icon, Loading } from '../parts';
import './assets.css';

interface Balance { currency_id: number; currency_name: string; available: string; frozen: string; locked: string; usdt_value: string }
interface Account { account: string; type: number; total_usdt: string; balances: Balance[] }
interface Overview { total_usdt: string; accounts: Account[] }
interface Prefs { hideAmounts: boolean; hideSmall: boolean; hideZero: boolean }

const SMALL_USDT = 1;
const recordRoute = (account: string, currency: number) => `/pages/fund/assets_record?currency=${currency}&type=${account}`;
const MASK = '****';

/** The balances an account shows under the user's choices. */
export function visibleBalances(balances: Balance[], prefs: Pick<Prefs, 'hideSmall' | 'hideZero'>): Balance[] {
  return balances.filter((b) => {
    const held = toD(b.available)!.plus(b.frozen).plus(b.locked);
    if (prefs.hideZero && held.eq(0)) return false;
    if (prefs.hideSmall && toD(b.usdt_value)!.lt(SMALL_USDT)) return false;
    return true;
  });
}

function usePrefs(): [Prefs, (p: Partial<Prefs>) => void] {
  const [prefs, setPrefs] = useState<Prefs>(() => ({ hideAmounts: false, hideSmall: false, hideZero: true, ...(readJson<Partial<Prefs>>(STORAGE_KEYS.assetPrefs) ?? {}) }));
  const update = (p: Partial<Prefs>) => setPrefs((prev) => {
    const next = { ...prev, ...p };
    writeJson(STORAGE_KEYS.assetPrefs, next);
    return next;
  });
  return [prefs, update];
}

/** `actions`: the shortcut tiles under the total (deposit, withdraw …), data in the screen file like a grid section. */
export default function AssetsOverview({ actions }: { actions?: GridSection['items'] }) {
  const t = useT();
  const key = ['POST /wallet/list', {}] as const;
  const { data, error, isLoading, mutate } = useSWR<Overview>(key, swrFetcher as (k: typeof key) => Promise<Overview>);
  const code = useAppState((s: { fiat?: { currency_code?: string } }) => s.fiat?.currency_code ?? 'USD');
  const rate = useAppState((s: { fiat?: { rate?: string | number } }) => String(s.fiat?.rate ?? '1'));
  const [prefs, setPrefs] = usePrefs();
  const [tab, setTab] = useState('change');
  const account = data?.accounts.find((a) => a.account === tab) ?? data?.accounts[0];
  const rows = useMemo(() => (account ? visibleBalances(account.balances, prefs) : []), [account, prefs]);

  if (isLoading) return <Loading />;
  if (error || !data || !account) return <ErrorState onRetry={() => { void mutate(); }} />;
  const money = (usdt: string) => (prefs.hideAmounts ? MASK : fiat(usdt, { code, rate }));
  const qty = (v: string) => (prefs.hideAmounts ? MASK : amount(v));
  const id = 'w-assets';

  return (
    <section className="w-section w-assets" aria-labelledby={`${id}-title`}>
      <div className="w-assets-total">
        <div className="w-assets-total-head">
          <h1 className="w-assets-title" id={`${id}-title`}>{t('assets.total', { currency: code })}</h1>
          <button type="button" className="w-assets-eye" aria-pressed={prefs.hideAmounts}
            aria-label={t(prefs.hideAmounts ? 'assets.show_amounts' : 'assets.hide_amounts')}
            onClick={() => setPrefs({ hideAmounts: !prefs.hideAmounts })}>
            <Icon name={prefs.hideAmounts ? 'eye-off' : 'eye'} />
          </button>
        </div>
        <p className="w-assets-amount" data-testid="assets-total">{money(data.total_usdt)}</p>
      </div>
      {actions && actions.length > 0 && <Grid section={{ type: 'grid', columns: actions.length, items: actions }} />}
      <div role="tablist" className="w-assets-tabs" aria-label={t('assets.accounts')}>
        {data.accounts.map((a) => (
          <button key={a.account} type="button" role="tab" id={`${id}-${a.account}`} aria-selected={a.account === account.account}
            aria-controls={`${id}-panel`} className="w-assets-tab" onClick={() => setTab(a.account)}>
            <span>{t(`assets.account.${a.account}`)}</span>
            <span className="w-assets-tab-value">{money(a.total_usdt)}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${account.account}`}>
        <div className="w-assets-filters">
          <label><input type="checkbox" checked={prefs.hideSmall} onChange={(e) => setPrefs({ hideSmall: e.target.checked })} /> {t('assets.hide_small')}</label>
          <label><input type="checkbox" checked={prefs.hideZero} onChange={(e) => setPrefs({ hideZero: e.target.checked })} /> {t('assets.hide_zero')}</label>
        </div>
        {rows.length === 0 ? <EmptyState text={t('assets.empty')} /> : (
          <ul className="w-list w-assets-list">
            {rows.map((b) => (
              <li key={b.currency_id} className="w-assets-row">
                <a className="w-assets-row-head" href={`#${recordRoute(account.account, b.currency_id)}`}
                  onClick={(e) => { e.preventDefault(); navigateTo(recordRoute(account.account, b.currency_id)); }}>
                  <bdi className="w-assets-coin">{b.currency_name}</bdi>
                  <span className="w-assets-value">≈ {money(b.usdt_value)}</span>
                </a>
                <dl className="w-assets-parts">
                  <div><dt>{t('assets.available')}</dt><dd>{qty(b.available)}</dd></div>
                  <div><dt>{t('assets.frozen')}</dt><dd>{qty(b.frozen)}</dd></div>
                  <div><dt>{t('assets.locked')}</dt><dd>{qty(b.locked)}</dd></div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
