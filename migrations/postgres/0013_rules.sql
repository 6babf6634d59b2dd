-- Rules that hold: a plan's declined health questions are reopened only by a person, and each reopening is recorded
-- with the declined answers (still sealed), who reopened them and why.
create table underwriting_reopening (
    enrollment_id bigint not null references enrollment (enrollment_id),
    subject text not null,
    declined_answers text not null,
    reopened_by text not null,
    reason text not null,
    reopened_at text not null
);

create index underwriting_reopening_enrollment on underwriting_reopening (enrollment_id);
