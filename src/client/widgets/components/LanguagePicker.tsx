/** The mine screen's language picker: each language in its own name; selecting sets it in app state. */
import { BCP47, LANGUAGES, LANGUAGE_NAMES } from '../../../shared/i18n/languages';
import { useT } from '../../i18n';
import { setLanguage, useAppState } from '../../state/store';

export default function LanguagePicker() {
  const t = useT();
  const lang = useAppState((s: { lang?: string }) => s.lang);
  return (
    <section className="w-section">
      <h2 className="w-title" id="w-lang-title">{t('widget.language')}</h2>
      <div className="w-picker" role="group" aria-labelledby="w-lang-title">
        {LANGUAGES.map((code) => (
          <button key={code} type="button" className="w-chip" lang={BCP47[code]} aria-pressed={lang === code}
            onClick={() => setLanguage(code)}>
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
      </div>
    </section>
  );
}
