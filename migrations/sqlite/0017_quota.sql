-- Counted limits shared by every replica: e-mails one address receives in an hour (continue codes, quotes, sign-in
-- codes), wrong continue codes for one address in 15 minutes. One row per thing counted (its key names the limit
-- and the SHA-256 of the normalised address, never the address), holding the instants counted within the window.
-- A row is changed only by the writer that read its version, so calls made at the same moment, on any replica, are
-- each counted and none gets past the limit.
create table quota (
    key text primary key,
    times text not null,
    version integer not null
);

-- Wrong continue codes are counted in quota now (each try counted before it is compared).
drop table continue_guess;
