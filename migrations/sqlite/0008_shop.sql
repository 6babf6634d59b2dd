-- The shop: enrollment portals, what a person answered in the popups on a plan and to the offers around the cart,
-- and the cart as the person saw it at checkout (kept for audit).

create table portal (
    platform_group_id integer primary key,
    code text not null unique,
    document text not null
);

-- One row per enrollment, subject (`plan:1303`, `checkout`, `quote`) and kind (`eligibility`, `health_questions`,
-- `membership`, `dependency_info`, `offers`): the latest answer.
create table shop_answer (
    enrollment_id integer not null references enrollment (enrollment_id),
    subject text not null,
    kind text not null,
    data text not null,
    updated_at text not null,
    primary key (enrollment_id, subject, kind)
);

create table cart_snapshot (
    snapshot_id integer primary key autoincrement,
    enrollment_id integer not null references enrollment (enrollment_id),
    taken_at text not null,
    data text not null
);
