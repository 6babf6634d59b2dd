-- Counted limits shared by every replica: e-mails one address receives in an hour (continue codes, quotes, sign-in
-- codes), wrong continue codes for one address in 15 minutes. One row per thing counted (its key names the limit
-- and the SHA-256 of the normalised address, never the address), holding the instants counted within the window.
-- A row is changed only by the writer that read its version, so calls made at the same moment, on any replica, are
-- each counted and none gets past the limit.
create table quota (
    key text primary key,
    times text not null,
    version bigint not null
);

-- Wrong continue codes are counted in quota now (each try counted before it is compared).
drop table continue_guess;

-- The readiness probe writes here: a server whose database cannot take a write (a full disk) is not ready.
create table probe (
    id bigint primary key,
    at text not null
);

-- The data keys values are sealed under: each server records its current key's id when it starts, and the first
-- start after this change records every id found in the data. A server refuses to start when a recorded id is
-- neither its current key nor one of its retired keys; `enroll keys reseal` seals everything again under the current
-- key and then forgets the other ids, after which a retired key can be dropped.
create table data_key_use (
    key_id bigint primary key,
    recorded_at text not null
);
