-- Notification settings (issue 26): the kinds of messages a user turned off (MUTABLE_MESSAGE_GROUPS, comma
-- separated: 'funds,promotions'); a message of such a kind is not posted to them. Identity and loan messages
-- are of no such kind: they always reach the user.
alter table users add column muted_messages text not null default '';
