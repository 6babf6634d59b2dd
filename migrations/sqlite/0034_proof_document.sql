-- A document a member sent as proof of a reported life event (domain::after_sale::proof): which of its kind's
-- documents it is, its media type by its content (engine::documents::FileType), its size, and its name and content
-- sealed (base64 of the bytes, then sealed as a health answer is). A reviewer's decision, with who made it, when,
-- and the reason the member reads. States: awaiting_review, approved, asked_again, denied.
create table proof_document (
    document_id integer primary key autoincrement,
    enrollment_id bigint not null references enrollment (enrollment_id),
    life_event_id bigint not null references life_event (life_event_id),
    proof_kind text not null,
    media_type text not null,
    size_bytes bigint not null,
    file_name text not null,
    content text not null,
    sent_by text not null,
    sent_at text not null,
    status text not null,
    decided_by text,
    decided_at text,
    decision_reason text
);

create index proof_document_enrollment on proof_document (enrollment_id);
create index proof_document_status on proof_document (status, document_id);

-- The store's reviewers, signed in by a single-use link (`enroll reviewer-link --name NAME`), as carriers' staff are.
create table reviewer_session (
    session_id text primary key,
    reviewer_name text not null,
    signed_in_at text not null
);

-- A person added for an event whose proof is not approved yet waits for it (proof 'awaiting'): it reaches no carrier
-- and covers no one until a reviewer approves the proof ('approved', when it takes its place among the members), and
-- never when the proof is denied or its deadline passes ('refused').
alter table coverage_change add column proof text;

-- The day a proof's deadline was last reminded of, so that each deadline is reminded of once; a reviewer asking again
-- moves proof_due.
alter table life_event add column proof_reminded_for text;

create index coverage_change_life_event on coverage_change (life_event_id);
create index life_event_proof_due on life_event (proof_due);
