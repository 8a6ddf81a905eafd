-- Changes to tables the server keeps in memory (site configuration, settings, sessions) are announced on
-- the channel `table_changes` as `<schema>.<table>`, once per statement and only when it commits, whoever
-- made them (the app, `npm run ops`, an operator's SQL). Every node drops what it kept of that table.
create function announce_table_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('table_changes', tg_table_schema || '.' || tg_table_name);
  return null;
end $$;

create trigger site_config_changed after insert or update or delete or truncate on site_config
  for each statement execute function announce_table_change();
create trigger settings_changed after insert or update or delete or truncate on settings
  for each statement execute function announce_table_change();
-- New sessions need no notice: a token unknown to a node is read from the table.
create trigger auth_tokens_changed after update or delete or truncate on auth_tokens
  for each statement execute function announce_table_change();

-- Users are kept one by one: a change names the row (`<schema>.users:<id>`), so the others stay.
create function announce_row_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('table_changes', tg_table_schema || '.' || tg_table_name || ':' || old.id);
  return null;
end $$;

create trigger users_changed after update or delete on users
  for each row execute function announce_row_change();
create trigger users_truncated after truncate on users
  for each statement execute function announce_table_change();
