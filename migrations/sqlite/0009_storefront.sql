-- The storefront: whose site a session is on and how it arrived, and whose members are whose.

-- The store's own site and the sites it serves for reps, groups, white-label domains, partners and referrals, as one
-- document (fixtures' catalogue/sites.yaml).
create table site_config (
    name text primary key,
    document text not null
);

-- How a session arrived (landing name, white-label domain, referral or partner link) and the portal chosen: a JSON
-- document the server writes; the browser only ever reads it back.
create table session_site (
    session_id text primary key,
    document text not null,
    updated_at text not null
);

-- A member's rep and employer group: a rep's and a group administrator's current members are listed from them.
alter table member add column agent_id integer;
alter table member add column group_id integer;
create index member_agent on member (agent_id);
create index member_group on member (group_id);

-- Where an enrollment came from: a referral link, a partner site.
alter table enrollment add column referral_id text;
alter table enrollment add column from_site text;
