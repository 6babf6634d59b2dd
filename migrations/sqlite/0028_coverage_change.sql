-- A change of a submitted application's coverage after the sale, in the order it was asked, with who asked and why
-- (kept for the audit, as cancellations are): today a plan ended at the end of a month. Each change reaches each
-- carrier it is about once, as an 834 change (edi_transaction.event is change-{change_id}). A plan ends once: the
-- partial unique index refuses a second end of the same plan, whoever asks it at the same moment.
create table coverage_change (
    change_id integer primary key autoincrement,
    enrollment_id bigint not null references enrollment (enrollment_id),
    -- end_plan
    kind text not null,
    plan_id bigint,
    -- the carriers' maintenance reason code (INS04)
    reason_code text not null,
    -- YYYY-MM-DD: the day it takes effect, and the last day of coverage of an end
    effective text not null,
    last_day text,
    requested_by text not null,
    reason text not null,
    requested_at text not null
);

create index coverage_change_enrollment on coverage_change (enrollment_id);
create unique index coverage_change_plan_end on coverage_change (enrollment_id, plan_id) where kind = 'end_plan';
