/**
 * `header`: a screen's header bar (the home screen's): the site's logo (its name as its text; the name is
 * written out only without a logo, so the search field keeps its room on a phone), a search field drawn as a
 * button that opens the search screen, icon buttons (the notifications bell), and "Log in" for a visitor or
 * the user's avatar for a logged-in user. Every part is optional and comes from the screen file.
 */
import { test } from '../../shared/screens/expression';
import { isKnownRoute } from '../platform/routes';
import type { HeaderSection } from '../runtime/types';
import { Activator, Icon, useTexts } from './parts';
import './header.css';

export default function Header({ section }: { section: HeaderSection }) {
  const { text, route, scope } = useTexts();
  const logo = section.logo ? route(section.logo) : '';
  const name = section.name ? text(section.name) : '';
  const buttons = (section.buttons ?? []).filter((b) => test(b.visibleIf, scope) && (!b.to || isKnownRoute(b.to)));
  const user = Boolean(scope.user);
  const avatar = section.account?.image ? route(section.account.image) : '';
  const brand = (logo || name) && (
    <>
      {logo && <img className="w-header__logo" src={logo} alt={name} width={28} height={28} />}
      {name && !logo && <span className="w-header__name">{name}</span>}
    </>
  );
  return (
    <header className="w-header">
      {brand && (section.to
        ? <Activator className="w-header__brand" to={section.to} label={name || undefined}>{brand}</Activator>
        : <div className="w-header__brand">{brand}</div>)}
      {section.search && (
        <Activator className="w-header__search" to={section.search.to}>
          <Icon name="search" />
          <span>{text(section.search.label)}</span>
        </Activator>
      )}
      {buttons.map((b) => (
        <Activator key={b.label} className="w-header__button" to={b.to} action={b.action} label={text(b.label)}>
          <Icon name={b.icon} />
        </Activator>
      ))}
      {!user && section.login && (
        <Activator className="w-header__login" to={section.login.to}>{text(section.login.label)}</Activator>
      )}
      {user && section.account && (
        <Activator className="w-header__avatar" to={section.account.to} label={text(section.account.label)}>
          {avatar ? <img src={avatar} alt="" width={32} height={32} /> : <Icon name="user" />}
        </Activator>
      )}
    </header>
  );
}
