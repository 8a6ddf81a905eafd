-- Who uploaded each file of DATA_DIR/uploads (POST /upload). A user may name only their own uploads in a
-- request (identity photos, deposit voucher, avatar, address QR code). A file is private, served only to its
-- owner and to the operator, until its owner makes it their avatar (public).
create table uploads (
  name text primary key check (name ~ '^[0-9a-f]{64}\.(png|jpg|gif|webp)$'),
  user_id integer not null references users (id) on delete cascade,
  public boolean not null default false,
  created_at timestamptz not null default now()
);
create index uploads_user on uploads (user_id);

-- Keys of the HMACs the server signs links with (the links to private uploads), made on first use.
create table signing_keys (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);

-- Files named before owners were recorded belong to the user whose row named them first; avatars stay public.
insert into uploads (name, user_id, created_at)
select distinct on (name) substr(path, 10) as name, user_id, created_at from (
  select front_pic as path, user_id, created_at from identity_submissions
  union all select reverse_pic, user_id, created_at from identity_submissions
  union all select hand_pic, user_id, created_at from identity_submissions
  union all select voucher, user_id, created_at from deposits
  union all select qr, user_id, created_at from wallet_addresses
) as named
where path ~ '^/uploads/[0-9a-f]{64}\.(png|jpg|gif|webp)$'
order by name, created_at;

insert into uploads (name, user_id, public)
select distinct on (name) substr(head_portrait, 10) as name, id, true from users
where head_portrait ~ '^/uploads/[0-9a-f]{64}\.(png|jpg|gif|webp)$'
order by name, id
on conflict (name) do update set public = true where uploads.user_id = excluded.user_id;
