/**
 * A screen's dark variant (`"dark"` in its file, SPEC 2's dark trading pages): `true` shows it dark always,
 * a device preference shows it dark while that choice is on, switched by the moon button of its nav bar.
 */
import { useEffect } from 'react';
import { useT } from '../i18n/useT';
import { holdDark } from '../platform/appConfig';
import { usePref } from '../widgets/device';
import { MoonIcon, SunIcon } from './icons';

/** Keeps the page dark while the screen is shown and its variant is on. */
export function useScreenDark(dark: true | string | undefined): void {
  const [prefOn] = usePref(typeof dark === 'string' ? dark : undefined, false);
  const on = dark === true || prefOn;
  useEffect(() => (on ? holdDark() : undefined), [on]);
}

export function DarkToggle({ pref }: { pref: string }) {
  const t = useT();
  const [on, set] = usePref(pref, false);
  return (
    <button type="button" className="icon-btn" aria-pressed={on} aria-label={t('common.dark_variant')} onClick={() => set(!on)}>
      {on ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
