-- The monthly full file of each carrier ("verify", BGN08 4): what the carrier should hold, every application it
-- was sent and that was not cancelled, for reconciling. One a month per carrier, whichever server makes it first.
create table edi_verify (
    carrier_id bigint not null,
    -- YYYY-MM
    month text not null,
    interchange_id bigint not null references edi_interchange (interchange_id),
    primary key (carrier_id, month)
);
