-- The carriers' console (domain/carrier_console): carrier staff signed in by a single-use link, each plan's draft
-- questionnaire, and what was published from it. A publish is a workflow load like any other (a new version of the
-- workflow files, with the plan's questionnaire file in it); `follows` names the load a load was made on, so that
-- two loads made on the same one cannot both be recorded and neither undoes the other.
create table carrier_session (
    session_id text primary key,
    carrier_id bigint not null,
    staff_name text not null,
    signed_in_at text not null
);

create table questionnaire_draft (
    plan_id bigint primary key,
    carrier_id bigint not null,
    -- the questionnaire, JSON of the workflow format (kind: questionnaire)
    document text not null,
    -- raised by each save: a publish names the revision it read
    revision bigint not null,
    updated_by text not null,
    updated_at text not null
);

create table questionnaire_publish (
    publish_id integer primary key autoincrement,
    plan_id bigint not null,
    carrier_id bigint not null,
    document text not null,
    note text not null,
    published_by text not null,
    published_at text not null,
    -- the workflow load it made, and the version that load made current
    workflow_seq bigint not null,
    workflow_hash text not null,
    -- the earlier publish it brought back, for a rollback
    restores bigint
);

create index questionnaire_publish_plan on questionnaire_publish (plan_id, publish_id);

alter table workflow_load add column follows bigint;
create unique index workflow_load_follows on workflow_load (follows);
