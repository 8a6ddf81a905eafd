/** The mine screen's default fiat picker: the fiats list from app state; selecting sets it. */
import { useT } from '../../i18n';
import { setFiat, useAppState } from '../../state/store';

interface FiatEntry { currency_code?: string; code?: string; name?: string }
interface Slice { fiat?: { currency_code?: string } | null; fiats?: FiatEntry[] | null }

const FALLBACK: FiatEntry[] = [{ currency_code: 'USD' }];

export default function FiatPicker() {
  const t = useT();
  const current = useAppState((s: Slice) => s.fiat?.currency_code ?? 'USD');
  const fiats = useAppState((s: Slice) => s.fiats);
  const list = fiats && fiats.length ? fiats : FALLBACK;
  return (
    <section className="w-section">
      <h2 className="w-title" id="w-fiat-title">{t('widget.fiat')}</h2>
      <div className="w-picker" role="group" aria-labelledby="w-fiat-title">
        {list.map((f) => {
          const code = f.currency_code ?? f.code ?? '';
          return (
            <button key={code} type="button" className="w-chip" aria-pressed={current === code} onClick={() => setFiat(code)}>
              {code}
            </button>
          );
        })}
      </div>
    </section>
  );
}
