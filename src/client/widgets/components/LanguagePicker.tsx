/** The mine screen's language row: the current language in its own name; tapping offers the others. */
import { BCP47, LANGUAGE_NAMES } from '../../../shared/i18n/languages';
import { useT } from '../../i18n';
import { chooseLanguage } from '../../state/choosers';
import { useAppState } from '../../state/store';
import { Chevron, Icon } from '../parts';

export default function LanguagePicker() {
  const t = useT();
  const lang = useAppState((s: { lang?: string }) => s.lang);
  return (
    <ul className="w-list w-section">
      <li>
        <button type="button" className="w-row" aria-haspopup="dialog" onClick={() => { void chooseLanguage(t); }}>
          <Icon name="globe" />
          <span className="w-row-main">{t('widget.language')}</span>
          {lang && lang in LANGUAGE_NAMES && (
            <span className="w-row-value" lang={BCP47[lang as keyof typeof BCP47]}>{LANGUAGE_NAMES[lang as keyof typeof LANGUAGE_NAMES]}</span>
          )}
          <Chevron />
        </button>
      </li>
    </ul>
  );
}
