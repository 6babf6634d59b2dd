-- A rep's request that the applicant sign the application on their own device. The link carries a random token kept
-- here only as its SHA-256; it opens the application read-only to the applicant who gives their date of birth, and
-- signing uses it up. What the applicant signed (the agreements and the signature) is sealed with the data key, like
-- the address or number it was sent to; the fingerprint is the SHA-256 of the application's steps before the
-- agreement as the applicant read them, so the signature holds only for the application they signed.
create table signature_request (
    signature_request_id integer primary key autoincrement,
    enrollment_id bigint not null references enrollment (enrollment_id),
    token_hash text not null unique,
    -- email or text
    channel text not null,
    sent_to text not null,
    agent_id bigint not null,
    created_at text not null,
    expires_at text not null,
    -- wrong dates of birth given with the link
    tries integer not null default 0,
    -- when a newer request replaced it, the tries ran out or the application was submitted
    revoked_at text,
    signed_at text,
    signed_name text,
    signature text,
    fingerprint text
);

create index signature_request_enrollment on signature_request (enrollment_id);
