/**
 * Currency exchange in the spot account (issue 4): pick what to sell and what to buy, an amount (or a share
 * of the balance), and see the rate, the fee and what arrives before confirming. The preview uses the
 * formula the server settles with (shared/domain/exchange); the server's price at the moment of the
 * exchange decides, so the preview is marked as an estimate.
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import { EXCHANGE_FEE_RATE } from '../../../shared/contract/wallet';
import { exchangeQuote, exchangeRate } from '../../../shared/domain/exchange';
import { amount as formatAmount, toD } from '../../../shared/format';
import { messageRef, yupRules } from '../../../shared/validators/yup';
import { request, swrFetcher } from '../../api/request';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useT } from '../../i18n';
import { revalidateEndpoints } from '../../runtime/actions';
import { toast } from '../../shell/feedback';
import { navigateTo } from '../../shell/navigation';
import { ErrorState, Icon, Loading } from '../parts';
import '../../forms/forms.css'; // the field, input and submit styles the tickets share with schema forms
import './tickets.css';
import { FieldError } from './FieldError';

interface Coin { currency_id: number; name: string; decimals: number; available: string; price_usdt: string }
interface Values { from: string; to: string; number: string }

const SHARES = [25, 50, 75, 100] as const;
const USDT = '100';
const REFRESH_MS = 5000;

function decimalsOf(v: string): number {
  return v.split('.')[1]?.length ?? 0;
}

/** The rules of the amount field for the chosen currency (exact decimal comparisons). */
export function amountSchema(coin: Coin | undefined) {
  return yupRules.amount()
    .test({ name: 'positive', message: 'error.format.amount', test: (v) => !v || !toD(v) || toD(v)!.gt(0) })
    .test({
      name: 'decimals', message: messageRef('api.wallet.too_many_decimals', { decimals: coin?.decimals ?? 8 }),
      test: (v) => !v || !coin || decimalsOf(v) <= coin.decimals,
    })
    .test({ name: 'balance', message: 'error.insufficient_balance', test: (v) => !v || !coin || !toD(v) || toD(v)!.lte(coin.available) });
}

export default function ExchangeTicket({ from: initialFrom }: { from?: string }) {
  const t = useT();
  const key = ['GET /currency/user_currency_list', {}] as const;
  const { data: coins, error, isLoading, mutate } = useSWR<Coin[]>(key, swrFetcher as (k: typeof key) => Promise<Coin[]>, { refreshInterval: REFRESH_MS });
  const byId = useMemo(() => new Map((coins ?? []).map((c) => [String(c.currency_id), c])), [coins]);
  const startFrom = initialFrom && initialFrom !== USDT ? initialFrom : USDT;
  const resolver = useMemo(() => yupResolver(yup.object({
    from: yupRules.required(),
    to: yupRules.required().test({ name: 'different', message: 'api.exchange.same_currency', test: function same(v) { return v !== this.parent.from; } }),
    number: yup.string().when('from', ([from]: string[]) => amountSchema(byId.get(from))),
  })), [byId]);
  const { register, handleSubmit, watch, setValue, reset, formState: { errors, isSubmitting } } = useForm<Values>({
    resolver: resolver as never,
    defaultValues: { from: startFrom, to: startFrom === USDT ? '1' : USDT, number: '' },
  });
  const idempotency = useIdempotencyKey();
  const [lastResult, setLastResult] = useState<string | null>(null);

  const values = watch();
  const from = byId.get(values.from);
  const to = byId.get(values.to);
  const rate = from && to ? exchangeRate(from.price_usdt, to.price_usdt) : null;
  const amountValue = toD(values.number);
  const quote = rate && to && amountValue && amountValue.gt(0) ? exchangeQuote(amountValue, rate, to.decimals, EXCHANGE_FEE_RATE) : null;

  if (isLoading) return <Loading />;
  if (error || !coins) return <ErrorState onRetry={() => { void mutate(); }} />;

  const share = (pct: number) => {
    if (!from) return;
    const v = toD(from.available)!.times(pct).div(100).round(from.decimals, 0);
    setValue('number', v.toFixed(), { shouldValidate: true });
  };
  const swap = () => reset({ from: values.to, to: values.from, number: '' });

  const submit = async (v: Values) => {
    const body = { number: v.number, from_currency_id: v.from, to_currency_id: v.to };
    try {
      const r = await request<{ receive: string; to: string }>('POST /wallet/change', body, { idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      const text = t('exchange.done', { amount: formatAmount(r.receive), currency: r.to });
      setLastResult(text);
      toast(text);
      reset({ ...v, number: '' });
      await Promise.all([mutate(), revalidateEndpoints(['POST /wallet/list', 'POST /wallet/legal_log'])]);
    } catch { /* request.ts showed the server's message; the same key is kept for a retry */ }
  };

  const option = (c: Coin) => <option key={c.currency_id} value={c.currency_id}>{c.name}</option>;

  return (
    <form className="w-section w-ticket" noValidate onSubmit={(e) => { void handleSubmit(submit)(e); }} aria-label={t('exchange.title')}>
      <div className="w-ticket-pair">
        <div className="f-field">
          <label className="f-label" htmlFor="x-from">{t('exchange.from')}</label>
          <select id="x-from" className="f-input" {...register('from', { onChange: () => setValue('number', '') })}>{coins.map(option)}</select>
          {from && <div className="f-help">{t('exchange.available', { amount: formatAmount(from.available), currency: from.name })}</div>}
        </div>
        <button type="button" className="w-ticket-swap" onClick={swap} aria-label={t('exchange.swap')}><Icon name="swap" /></button>
        <div className="f-field">
          <label className="f-label" htmlFor="x-to">{t('exchange.to')}</label>
          <select id="x-to" className="f-input" aria-invalid={Boolean(errors.to)} aria-describedby={errors.to ? 'x-to-error' : undefined} {...register('to')}>{coins.map(option)}</select>
          <FieldError id="x-to-error" message={errors.to?.message} />
        </div>
      </div>
      <div className={`f-field${errors.number ? ' f-invalid' : ''}`}>
        <label className="f-label" htmlFor="x-number">{t('exchange.amount')}</label>
        <input id="x-number" className="f-input" inputMode="decimal" autoComplete="off" placeholder={t('exchange.amount.placeholder')}
          aria-invalid={Boolean(errors.number)} aria-describedby={errors.number ? 'x-number-error' : undefined} {...register('number')} />
        <FieldError id="x-number-error" message={errors.number?.message} />
        <div className="w-ticket-shares">
          {SHARES.map((p) => <button key={p} type="button" onClick={() => share(p)}>{p === 100 ? t('exchange.all') : `${p}%`}</button>)}
        </div>
      </div>
      <dl className="w-ticket-preview" aria-live="polite">
        <div><dt>{t('exchange.rate')}</dt><dd><bdi>{rate && from && to ? `1 ${from.name} ≈ ${formatAmount(rate.toFixed())} ${to.name}` : '--'}</bdi></dd></div>
        <div><dt>{t('exchange.fee', { rate: toD(EXCHANGE_FEE_RATE)!.times(100).toFixed() })}</dt><dd><bdi>{quote && to ? `${formatAmount(quote.fee.toFixed())} ${to.name}` : '--'}</bdi></dd></div>
        <div className="w-ticket-receive"><dt>{t('exchange.receive')}</dt><dd><bdi data-testid="exchange-receive">{quote && to ? `≈ ${formatAmount(quote.receive.toFixed())} ${to.name}` : '--'}</bdi></dd></div>
      </dl>
      <p className="f-help">{t('exchange.estimate_note')}</p>
      <button type="submit" className="f-submit" disabled={isSubmitting}>{t('exchange.submit')}</button>
      {lastResult && <p className="w-ticket-result" role="status">{lastResult}</p>}
      <button type="button" className="w-ticket-link" onClick={() => navigateTo('/pages/setting/bill')}>{t('exchange.history')}</button>
    </form>
  );
}
