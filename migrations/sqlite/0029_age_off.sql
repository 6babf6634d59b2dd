-- A child on a submitted application reaching the age limit of a parent's coverage (26, workflows/life_events.yaml),
-- written when the application is submitted, from the child's date of birth (member_index is the child's place in
-- the application, 1 for the first dependent, as in the 834). From noticed_from, the store tells the family and
-- records the end of the child's coverage on last_day (a coverage_change of kind age_off), once: noticed_at.
create table age_off (
    enrollment_id bigint not null references enrollment (enrollment_id),
    member_index bigint not null,
    noticed_from text not null,
    last_day text not null,
    noticed_at text,
    primary key (enrollment_id, member_index)
);

create index age_off_due on age_off (noticed_from) where noticed_at is null;

-- The person a change is about (an age-off's child), by their place in the application.
alter table coverage_change add column member_index bigint;

-- A change undone by a later one (a plan's end, by an agent's reinstatement): the later change's id. A plan ends once
-- at a time: a second end is refused while the first stands, and allowed once it was undone.
alter table coverage_change add column undone_by bigint;
drop index coverage_change_plan_end;
create unique index coverage_change_plan_end on coverage_change (enrollment_id, plan_id)
    where kind = 'end_plan' and undone_by is null;
