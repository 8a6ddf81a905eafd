-- Work due at a time (jobs/): one row per due run, done once. A recurring job adds its next runs itself; a
-- flow schedules one-off runs (settle order 12 at 10:00:30) in the same transaction as what made them due.
create table job_runs (
  id bigserial primary key,
  name text not null,
  key text not null,
  due_at timestamptz not null,
  done_at timestamptz,
  attempts integer not null default 0,
  -- After a failure: not tried again before this time.
  retry_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  unique (name, key)
);
create index job_runs_pending on job_runs (due_at, id) where done_at is null;
