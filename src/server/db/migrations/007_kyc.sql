-- Identity verification (KYC): what a user submits for Lv1 (the identity document's details) and Lv2 (photos
-- of the document's front and back and one holding it); an operator approves it (users.real_level becomes
-- the level) or rejects it with a reason. One submission per user under review at a time.
create table identity_submissions (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  level smallint not null check (level in (1, 2)),
  id_type text not null default '' check (id_type in ('', 'id_card', 'passport', 'driver_license')),
  first_name text not null default '',
  last_name text not null default '',
  card_id text not null default '',
  address text not null default '',
  front_pic text not null default '',
  reverse_pic text not null default '',
  hand_pic text not null default '',
  status smallint not null default 0 check (status in (0, 1, 2)),
  reason text not null default '',
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  -- Lv1 carries the document's details and no photos, Lv2 the three photos and no details.
  check (level <> 1 or (id_type <> '' and first_name <> '' and last_name <> '' and card_id <> '' and address <> ''
    and front_pic = '' and reverse_pic = '' and hand_pic = '')),
  check (level <> 2 or (id_type = '' and first_name = '' and last_name = '' and card_id = '' and address = ''
    and front_pic <> '' and reverse_pic <> '' and hand_pic <> '')),
  check ((status = 0) = (reviewed_at is null)),
  check (status <> 2 or reason <> '')
);
create index identity_submissions_user on identity_submissions (user_id, id);
create unique index identity_submissions_one_pending on identity_submissions (user_id) where status = 0;
create index identity_submissions_pending on identity_submissions (id) where status = 0;
