-- Save & Continue Later: continue codes (stored as SHA-256 hashes) and the e-mail outbox.

create table continue_code (
    code_hash text primary key,
    enrollment_id integer not null references enrollment (enrollment_id),
    email text not null,
    saved_tab text not null,
    expires_at text not null,
    created_at text not null
);

create table outbox (
    outbox_id integer primary key autoincrement,
    kind text not null,
    recipient text not null,
    subject text not null,
    body text not null,
    created_at text not null,
    next_attempt_at text not null,
    attempts integer not null default 0,
    sent_at text,
    last_error text
);

create index outbox_pending on outbox (sent_at, next_attempt_at);
