/**
 * `header`: a screen's header bar (the home screen's): the site's logo (its name as its text; the name is
 * written out only without a logo, so the search field keeps its room on a phone), a search field drawn as a
 * button that opens the search screen, icon buttons (the notifications bell), and "Log in" for a visitor or
 * the user's avatar for a logged-in user. Every part is optional and comes from the screen file.
 */
import { test } from '../../shared/screens/expression';
import { isKnownRoute } from '../platform/routes';
import { useSource } from '../runtime/useSource';
import type { HeaderSection } from '../runtime/types';
import { Activator, Icon, useTexts } from './parts';
import './header.css';

type HeaderButton = NonNullable<HeaderSection['buttons']>[number];

/** A `badge`'s count over its source's answer: '' while there is none or it is 0, 99+ above 99. */
function useBadgeCount(badge: HeaderButton['badge']): string {
  const src = useSource(badge?.source);
  const { route } = useTexts({ data: src.data });
  if (!badge || src.data === undefined) return '';
  const count = route(badge.value);
  if (!count || count === '0') return '';
  return Number(count) > 99 ? '99+' : count;
}

/** An icon button; with a `badge`, its count (the unread messages) over the icon, and in its accessible name. */
function Button({ button }: { button: HeaderButton }) {
  const { text } = useTexts();
  const count = useBadgeCount(button.badge);
  const label = text(button.label);
  return (
    <Activator className="w-header__button" to={button.to} action={button.action} label={count ? `${label} ${count}` : label}>
      <Icon name={button.icon} />
      {count && <span className="w-header__badge"><bdi>{count}</bdi></span>}
    </Activator>
  );
}

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
      {buttons.map((b) => <Button key={`${b.label}${b.to ?? ''}`} button={b} />)}
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
