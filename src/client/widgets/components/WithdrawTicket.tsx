/**
 * Withdrawal (issue 4): to a saved wallet address of the currency's chain, or to the saved bank or
 * international card. Before sending, the user sees the minimum, the fee, what arrives, the balance and
 * what is left of the 24-hour limit of their identity level; the payment password confirms. Without a
 * payment password or identity Lv1 the ticket says so and leads to the screen that fixes it.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import { amount as formatAmount, compact, maskedCard, toD } from '../../../shared/format';
import { messageRef, yupRules } from '../../../shared/validators/yup';
import { request, swrFetcher } from '../../api/request';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useT } from '../../i18n';
import { revalidateEndpoints } from '../../runtime/actions';
import { toast } from '../../shell/feedback';
import { navigateTo } from '../../shell/navigation';
import { useAppState } from '../../state/store';
import { ErrorState, Loading } from '../parts';
import '../../forms/forms.css'; // the field, input and submit styles the tickets share with schema forms
import './tickets.css';
import { FieldError } from './FieldError';

interface OutInfo {
  currency_id: number; currency_name: string; chain: string; withdraw_min: string; withdraw_fee: string;
  available: string; level: number; limit_btc: string; left_btc: string; left: string; max: string;
}
interface SavedAddress { id: number; chain: string; name: string; address: string }
interface Card { bank_name: string; card_number: string }
interface Values { destination: string; number: string; pay_password: string }


/** Rules of the amount for this currency and the user's figures (exact decimal comparisons). */
export function withdrawAmountSchema(info: OutInfo | undefined) {
  const d = (v: string | undefined) => (v ? toD(v) : null);
  return yupRules.amount()
    .test({
      name: 'min', message: messageRef('api.withdraw.below_min', { min: info?.withdraw_min ?? '', currency: info?.currency_name ?? '' }),
      test: (v) => !info || !d(v) || (d(v)!.gte(info.withdraw_min) && d(v)!.gt(info.withdraw_fee)),
    })
    .test({ name: 'balance', message: 'error.insufficient_balance', test: (v) => !info || !d(v) || d(v)!.lte(info.available) })
    .test({
      name: 'limit', message: messageRef('api.withdraw.over_limit', { limit: info?.limit_btc ?? '' }),
      test: (v) => !info || !d(v) || d(v)!.lte(info.left),
    });
}

export default function WithdrawTicket({ currency, chain }: { currency?: string; chain?: string }) {
  const t = useT();
  const hasPayPassword = useAppState((s: { user?: { has_pay_password?: boolean } | null }) => Boolean(s.user?.has_pay_password));
  const infoKey = ['POST /wallet/out_info', { currency, chain }] as const;
  const info = useSWR<OutInfo>(currency ? infoKey : null, swrFetcher as (k: typeof infoKey) => Promise<OutInfo>);
  const listKey = ['GET /user/wallet/list', { currency, limit: 100 }] as const;
  const addresses = useSWR<{ data: SavedAddress[] }>(currency ? listKey : null, swrFetcher as (k: typeof listKey) => Promise<{ data: SavedAddress[] }>);
  const bank = useSWR<Card | null>(['POST /user/cash_info', {}], swrFetcher as (k: [string, object]) => Promise<Card | null>);
  const intl = useSWR<Card | null>(['POST /user/cash_info_international', {}], swrFetcher as (k: [string, object]) => Promise<Card | null>);
  const data = info.data;

  const resolver = useMemo(() => yupResolver(yup.object({
    destination: yup.string().required('api.withdraw.choose_destination'),
    number: withdrawAmountSchema(data),
    pay_password: yup.string().required('api.withdraw.pay_password_required'),
  })), [data]);
  const { register, handleSubmit, watch, setValue, reset, formState: { errors, isSubmitting } } = useForm<Values>({
    resolver: resolver as never, defaultValues: { destination: '', number: '', pay_password: '' },
  });
  const idempotency = useIdempotencyKey();

  if (!currency) return <ErrorState />;
  if (info.isLoading || addresses.isLoading) return <Loading />;
  if (info.error || !data) return <ErrorState onRetry={() => { void info.mutate(); }} />;

  const mine = (addresses.data?.data ?? []).filter((a) => a.chain === data.chain);
  const number = toD(watch('number'));
  const receive = number && number.gt(data.withdraw_fee) ? number.minus(data.withdraw_fee) : null;
  const unit = data.currency_name;
  const query = `currency=${data.currency_id}&chain=${encodeURIComponent(data.chain)}`;


  if (data.level < 1) {
    return (
      <div className="w-section w-ticket">
        <p className="w-ticket-note" role="status">{t('api.withdraw.verify_first')}</p>
        <button type="button" className="f-submit" onClick={() => navigateTo('/pages/setting/real')}>{t('withdraw.go_identity')}</button>
      </div>
    );
  }
  if (!hasPayPassword) {
    return (
      <div className="w-section w-ticket">
        <p className="w-ticket-note" role="status">{t('error.set_pay_password_first')}</p>
        <button type="button" className="f-submit" onClick={() => navigateTo('/pages/setting/payPassword')}>{t('withdraw.go_pay_password')}</button>
      </div>
    );
  }

  const submit = async (v: Values) => {
    const [kind, id] = v.destination.split(':');
    const body: Record<string, string> = { currency: String(data.currency_id), number: v.number, pay_password: v.pay_password };
    if (kind === 'address') body.address_id = id; else body.card = kind;
    try {
      await request('POST /wallet/out', body, { idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      toast(t('withdraw.submitted'));
      reset({ destination: v.destination, number: '', pay_password: '' });
      await revalidateEndpoints(['POST /wallet/out_info', 'POST /wallet/list', 'GET /user/withdraw/list', 'POST /wallet/legal_log']);
      navigateTo('/pages/fund/receive_withdraw_record');
    } catch { /* request.ts showed the server's message; the same key is kept for a retry */ }
  };

  const destinations: Array<{ value: string; label: string; detail: string }> = [
    ...mine.map((a) => ({ value: `address:${a.id}`, label: a.name, detail: a.address })),
    ...(bank.data ? [{ value: 'bank', label: t('withdraw.destination.bank'), detail: maskedCard(bank.data) }] : []),
    ...(intl.data ? [{ value: 'international', label: t('withdraw.destination.international'), detail: maskedCard(intl.data) }] : []),
  ];

  return (
    <form className="w-section w-ticket" noValidate onSubmit={(e) => { void handleSubmit(submit)(e); }} aria-label={t('withdraw.title')}>
      <dl className="w-ticket-preview">
        <div><dt>{t('withdraw.currency')}</dt><dd><bdi>{unit} · {data.chain}</bdi></dd></div>
        <div><dt>{t('withdraw.available')}</dt><dd><bdi data-testid="withdraw-available">{formatAmount(data.available)} {unit}</bdi></dd></div>
        <div><dt>{t('withdraw.left_today')}</dt><dd><bdi>{compact(data.left)} {unit} ({formatAmount(data.left_btc)} / {formatAmount(data.limit_btc)} BTC)</bdi></dd></div>
      </dl>
      <fieldset className="f-field w-ticket-destinations" aria-describedby={errors.destination ? 'w-destination-error' : undefined}>
        <legend className="f-label">{t('withdraw.destination')}</legend>
        {destinations.length === 0 && <p className="f-help">{t('withdraw.no_destination')}</p>}
        {destinations.map((d) => (
          <label key={d.value} className="w-ticket-destination">
            <input type="radio" value={d.value} {...register('destination')} />
            <span><strong>{d.label}</strong><bdi className="w-ticket-address">{d.detail}</bdi></span>
          </label>
        ))}
        <FieldError id="w-destination-error" message={errors.destination?.message} />
        <div className="w-ticket-adds">
          <button type="button" className="w-ticket-link" onClick={() => navigateTo(`/pages/setting/addWallet?${query}`)}>{t('withdraw.add_address')}</button>
          {!bank.data && <button type="button" className="w-ticket-link" onClick={() => navigateTo('/pages/setting/bank')}>{t('withdraw.add_bank')}</button>}
          {!intl.data && <button type="button" className="w-ticket-link" onClick={() => navigateTo('/pages/setting/bank_international')}>{t('withdraw.add_international')}</button>}
        </div>
      </fieldset>
      <div className={`f-field${errors.number ? ' f-invalid' : ''}`}>
        <label className="f-label" htmlFor="w-number">{t('withdraw.amount')}</label>
        <div className="f-inline">
          <input id="w-number" className="f-input" inputMode="decimal" autoComplete="off" placeholder={t('withdraw.amount.placeholder', { min: formatAmount(data.withdraw_min) })}
            aria-invalid={Boolean(errors.number)} aria-describedby={errors.number ? 'w-number-error' : undefined} {...register('number')} />
          <button type="button" onClick={() => setValue('number', data.max, { shouldValidate: true })}>{t('withdraw.max')}</button>
        </div>
        <FieldError id="w-number-error" message={errors.number?.message} />
      </div>
      <dl className="w-ticket-preview" aria-live="polite">
        <div><dt>{t('withdraw.minimum')}</dt><dd><bdi>{formatAmount(data.withdraw_min)} {unit}</bdi></dd></div>
        <div><dt>{t('withdraw.fee')}</dt><dd><bdi>{formatAmount(data.withdraw_fee)} {unit}</bdi></dd></div>
        <div className="w-ticket-receive"><dt>{t('withdraw.receive')}</dt><dd><bdi data-testid="withdraw-receive">{receive ? `${formatAmount(receive.toFixed())} ${unit}` : '--'}</bdi></dd></div>
      </dl>
      <div className={`f-field${errors.pay_password ? ' f-invalid' : ''}`}>
        <label className="f-label" htmlFor="w-pay-password">{t('withdraw.pay_password')}</label>
        <input id="w-pay-password" className="f-input" type="password" autoComplete="off" aria-invalid={Boolean(errors.pay_password)}
          aria-describedby={errors.pay_password ? 'w-pay_password-error' : undefined} {...register('pay_password')} />
        <FieldError id="w-pay_password-error" message={errors.pay_password?.message} />
      </div>
      <p className="w-ticket-note">{t('withdraw.arrival_note')}</p>
      <button type="submit" className="f-submit" disabled={isSubmitting}>{t('withdraw.submit')}</button>
    </form>
  );
}
