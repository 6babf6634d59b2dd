-- A life event a member reported on a submitted application (a kind of workflows/life_events.yaml), checked against
-- its window when reported: the day it happened, who reported it and when, the last day it allows changes, the day
-- its changes take effect, and the day its proof is due (none when the member's word is enough). YYYY-MM-DD.
create table life_event (
    life_event_id integer primary key autoincrement,
    enrollment_id bigint not null references enrollment (enrollment_id),
    kind text not null,
    event_date text not null,
    window_closes text not null,
    effective text not null,
    proof_due text,
    reported_by text not null,
    reported_at text not null
);

create index life_event_enrollment on life_event (enrollment_id);
