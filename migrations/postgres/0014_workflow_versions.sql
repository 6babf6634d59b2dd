-- Versions of the workflows: each distinct text of workflows/ (the wizard, the shop's questions, the assistant) is
-- stored whole under the digest of that text and never changed. Each load is recorded: which version, who or what
-- loaded it, when, and what enrollments in flight do; the newest load's version is the current one. An enrollment is
-- pinned to the version it answers; a submitted application keeps it for good.
create table workflow_version (
    hash text primary key,
    files text not null,
    stored_at text not null
);

create table workflow_load (
    seq bigserial primary key,
    hash text not null references workflow_version (hash),
    loaded_by text not null,
    loaded_at text not null,
    -- What enrollments in flight on other versions do: 'stay' on theirs, or 'move' to this one at their next call.
    in_flight text not null check (in_flight in ('stay', 'move'))
);

alter table enrollment add column workflow_version text;
