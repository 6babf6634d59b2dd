-- Members of the store (existing members with policies, and users without): their profile, policies, health
-- records, dependents and payment methods on file, as one document sealed with the data key (it holds SSNs, health
-- answers and account numbers). The e-mail and phone are kept in the clear, hashed, only to find a member by them.

create table member (
    user_id bigint primary key,
    email_hash text not null,
    phone_hash text not null,
    document text not null
);

create index member_email on member (email_hash);
create index member_phone on member (phone_hash);

alter table enrollment add column member_id bigint;
