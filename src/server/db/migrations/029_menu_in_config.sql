-- The mine screen's service menu is configuration now (content/menu.json, issue 24). The rows seeded before, as
-- they were seeded, go; a row an operator added, hid or changed stays, and each start names the rows left
-- (modules/content/seed.ts) until they are copied into the file and the table is emptied.
delete from menu_items m
using (values
  ('mine.menu.share', 'qrcode', '/pages/setting/share', false),
  ('mine.menu.wallet', 'wallet', '/pages/setting/wallet', true),
  ('mine.menu.bank', 'card', '/pages/setting/bank', true),
  ('mine.menu.security', 'shield', '/pages/setting/security', false),
  ('mine.menu.real', 'id-card', '/pages/setting/real', false),
  ('mine.menu.coupon', 'ticket', '/pages/setting/coupon', true),
  ('mine.menu.messages', 'bell', '/pages/mailMessage/mailMessage', false),
  ('mine.menu.fiat', 'currency', 'action:setFiat', false),
  ('mine.menu.language', 'globe', 'action:setLanguage', false),
  ('mine.menu.faq', 'help', '/pages/common/faq', false),
  ('mine.menu.compliance', 'document', '/pages/setting/operational_compliance', false),
  ('mine.menu.about', 'info', '/pages/common/aboutus', false),
  ('mine.menu.contact', 'headset', '/pages/common/contactus', false)
) as shipped(key, icon, route, is_financial)
where m.key = shipped.key and m.icon = shipped.icon and m.route = shipped.route and m.is_financial = shipped.is_financial and m.visible;
