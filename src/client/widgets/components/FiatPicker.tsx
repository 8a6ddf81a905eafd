/** The mine screen's default fiat row: the current fiat code; tapping offers the fiats with their names. */
import { useIntl } from 'react-intl';
import { useT } from '../../i18n';
import { chooseFiat } from '../../state/choosers';
import { useAppState } from '../../state/store';
import { Chevron, Icon } from '../parts';

export default function FiatPicker() {
  const t = useT();
  const { locale } = useIntl();
  const current = useAppState((s: { fiat?: { currency_code?: string } | null }) => s.fiat?.currency_code ?? 'USD');
  return (
    <ul className="w-list w-section">
      <li>
        <button type="button" className="w-row" aria-haspopup="dialog" onClick={() => { void chooseFiat(t, locale); }}>
          <Icon name="currency" />
          <span className="w-row-main">{t('widget.fiat')}</span>
          <span className="w-row-value">{current}</span>
          <Chevron />
        </button>
      </li>
    </ul>
  );
}
