-- A group administrator's sign-in code, as a rep's (sign_in_code): sent to the group's e-mail on file, for which
-- group, its SHA-256, until when, the guesses spent.
create table group_admin_sign_in_code (
    session_id text primary key,
    group_id bigint not null,
    code_sha256 text not null,
    expires_at text not null,
    misses bigint not null default 0
);
