-- The embedded default. Same tables and columns as migrations/postgres; only identity and float types differ.
-- Timestamps are RFC 3339 text and documents are JSON text, so one set of queries runs on both databases.

create table carrier (
    carrier_id integer primary key,
    document text not null
);

create table plan_category (
    category text primary key,
    position integer not null,
    document text not null
);

create table plan (
    plan_id integer primary key,
    category text not null,
    document text not null
);

create table plan_pricing (
    plan_pricing_id integer primary key,
    plan_id integer not null references plan (plan_id)
);

create table rating_curve (
    name text not null,
    age integer not null,
    factor real not null,
    primary key (name, age)
);

create table seed_state (
    name text primary key,
    digest text not null,
    applied_at text not null
);

create table enrollment (
    enrollment_id integer primary key autoincrement,
    session_id text not null,
    filter text not null,
    eprocess text not null,
    enrollment_type text not null,
    open_type text,
    group_id integer,
    lifecycle text not null,
    lifecycle_version integer not null default 0,
    effective_date text,
    checkout_type text,
    policy_id text unique,
    created_at text not null,
    updated_at text not null
);

create index enrollment_session on enrollment (session_id);

create table enrollment_tab (
    enrollment_id integer not null references enrollment (enrollment_id),
    tab_name text not null,
    version integer not null,
    data text not null,
    updated_at text not null,
    primary key (enrollment_id, tab_name)
);

create table cart_line (
    enrollment_id integer not null references enrollment (enrollment_id),
    plan_id integer not null references plan (plan_id),
    plan_pricing_id integer not null references plan_pricing (plan_pricing_id),
    removable integer not null default 1,
    added_at text not null,
    primary key (enrollment_id, plan_id)
);
