-- What was agreed to on Agreement & Signature: a hash of the exact texts shown, when, by which session, and how the
-- signer was verified. One row per save; the latest is the one in force.

create table agreement_audit (
    enrollment_id bigint not null references enrollment (enrollment_id),
    texts_sha256 text not null,
    texts text not null,
    verification_type text not null,
    session_id text not null,
    agreed_at text not null
);

create index agreement_audit_enrollment on agreement_audit (enrollment_id);
