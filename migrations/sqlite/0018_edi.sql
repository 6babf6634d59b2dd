-- Carriers' 834 files (services/edi). A submitted application becomes one edi_transaction per carrier it holds plans
-- with, written in the transaction that submits it. The batcher claims a carrier's pending transactions (a lease, as
-- the outbox's), puts them in a new interchange and renders its file there and then: the interchange's key is the
-- file's ISA control number, so no number is ever given twice, and its content (sealed: it carries SSNs and birth
-- dates) is what every delivery of that file writes, so a delivery repeated after a crash writes the same file under
-- the same name. The content is emptied once the carrier acknowledged the file and the retention has passed.
create table edi_interchange (
    interchange_id integer primary key autoincrement,
    carrier_id bigint not null,
    file_name text not null,
    content text,
    transactions bigint not null,
    created_at text not null,
    claim_token text,
    claimed_until text,
    delivered_at text,
    acknowledged_at text,
    content_deleted_at text
);

create table edi_transaction (
    edi_transaction_id integer primary key autoincrement,
    enrollment_id bigint not null references enrollment (enrollment_id),
    carrier_id bigint not null,
    -- addition or cancellation
    event text not null,
    -- the last day of coverage of a cancellation
    last_day text,
    created_at text not null,
    claim_token text,
    claimed_until text,
    interchange_id bigint references edi_interchange (interchange_id),
    -- ST02 of its transaction set within the interchange
    set_control text,
    -- pending, sent, accepted, rejected or failed (could not be written: the reason says why)
    status text not null,
    reason text,
    acknowledged_at text,
    unique (enrollment_id, carrier_id, event)
);

create index edi_transaction_pending on edi_transaction (status, carrier_id);
create index edi_transaction_interchange on edi_transaction (interchange_id, set_control);
