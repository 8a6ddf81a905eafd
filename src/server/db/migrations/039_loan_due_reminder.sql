-- The loan-due reminder (issue 26, the message centre): a paid-out loan is reminded once, a day before it is due
-- (the `loan.due` job); due_reminded_at records it, so a run retried or run by another node reminds nobody twice.
alter table loans add column due_reminded_at timestamptz;
create index loans_due_unreminded on loans (due_at) where status = 'paid' and due_reminded_at is null;
