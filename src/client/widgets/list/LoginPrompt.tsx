/** What a visitor sees instead of rows that need a logged-in user (`login`): a text and a button to the login screen. */
import type { Template, Text } from '../../runtime/types';
import { LOGIN_ROUTE, navigateTo } from '../../platform/navigation';
import { ListTitle } from '../List';
import { useTexts } from '../parts';

export function LoginPrompt({ section, login }: { section: { title?: Text; moreTo?: Template }; login: { text: Text; button?: Text } }) {
  const { text, t } = useTexts();
  return (
    <section className="w-section">
      <ListTitle section={section} />
      <div className="w-state">
        <p>{text(login.text)}</p>
        <button type="button" className="w-button w-button-primary" onClick={() => navigateTo(LOGIN_ROUTE)}>
          {login.button ? text(login.button) : t('widget.login')}
        </button>
      </div>
    </section>
  );
}
