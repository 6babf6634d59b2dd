-- Employer groups from fixtures/catalogue/groups.yaml.

create table employer_group (
    group_id integer primary key,
    code text not null unique,
    document text not null
);
