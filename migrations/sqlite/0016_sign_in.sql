-- A rep's access code is public (the rep's landing page answers it): it brands a session and enrolls new members
-- under the rep, nothing more. Seeing members and their records, sending the rep's quotes and enrolling an existing
-- member take a signed-in rep: signed_in_at is when the session's rep signed in (a hand-off link from the rep
-- dashboard, or a one-time code e-mailed to the rep's address on file).
alter table session_role add column signed_in_at text;

-- The one-time sign-in code a session asked for: kept only as its SHA-256, valid minutes, single use. Each guess is
-- counted before it is compared (misses), so guesses sent at once cannot get past the limit.
create table sign_in_code (
    session_id text primary key,
    agent_id integer not null,
    code_sha256 text not null,
    expires_at text not null,
    misses integer not null default 0
);

-- Single-use tokens spent (a rep's hand-off link): the SHA-256 of each, kept until it would have expired anyway.
create table used_token (
    digest text primary key,
    expires_at text not null
);
