-- A tab keeps its last complete document (data: what passed the step's checks, what submission reads) and, beside
-- it, a draft saved for later (draft: what the person typed, shown when they resume). A draft never replaces finished
-- work; a tab whose only document is a draft has no data and counts as unfinished. SQLite cannot drop a NOT NULL in
-- place, so the table is made again (nothing references it). Documents stored before this change become data: they
-- may be drafts, which is why submission checks every document again rather than trusting that it was complete.
create table enrollment_tab_drafts (
    enrollment_id integer not null references enrollment (enrollment_id),
    tab_name text not null,
    version integer not null,
    data text,
    draft text,
    updated_at text not null,
    primary key (enrollment_id, tab_name)
);

insert into enrollment_tab_drafts (enrollment_id, tab_name, version, data, updated_at)
    select enrollment_id, tab_name, version, data, updated_at from enrollment_tab;

drop table enrollment_tab;

alter table enrollment_tab_drafts rename to enrollment_tab;
