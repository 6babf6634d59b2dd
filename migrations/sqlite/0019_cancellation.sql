-- An application cancelled by the person entitled to (the applicant, or the rep who enrolled them) within its
-- free-look period: who, why and when, kept for the audit as reopened health questions are; its carriers receive a
-- cancellation (an 834 with maintenance type 024) in their next file.
create table application_cancellation (
    enrollment_id bigint primary key references enrollment (enrollment_id),
    cancelled_by text not null,
    reason text not null,
    last_day text not null,
    cancelled_at text not null
);
