-- Who may sign in to a submitted application after the sale: the SHA-256 of the e-mail address on its Contact
-- Information (trimmed, lower case), written when it is submitted.
create table policy_holder (
    enrollment_id bigint primary key references enrollment (enrollment_id),
    email_sha256 text not null
);

create index policy_holder_email on policy_holder (email_sha256);

-- A member's sign-in code, as a rep's (sign_in_code): for which address, its SHA-256, until when, the guesses spent.
create table member_sign_in_code (
    session_id text primary key,
    email_sha256 text not null,
    code_sha256 text not null,
    expires_at text not null,
    misses integer not null default 0
);

-- The submitted applications a session may read and act on besides its own: those of the member who signed in on it
-- (their own browser's, and any a rep enrolled them in).
create table policy_reader (
    session_id text not null,
    enrollment_id bigint not null references enrollment (enrollment_id),
    granted_at text not null,
    primary key (session_id, enrollment_id)
);

create index policy_reader_enrollment on policy_reader (enrollment_id);
