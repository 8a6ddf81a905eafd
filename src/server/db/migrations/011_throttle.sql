-- Rate-limit counters (src/server/throttle): one row per key, counting within a fixed window that ends at
-- expires_at. Kept in the database so that every node counts together (with REDIS_URL they live in Redis).
create table throttle_counters (
  key text primary key,
  count integer not null,
  expires_at timestamptz not null
);
create index throttle_counters_expires_at on throttle_counters (expires_at);
