-- An application's earlier answers from a carrier, kept when it is sent again (`enroll edi resend`): a rejection, or
-- a file that could not be written, stays in its audit view beside the new attempt.
create table edi_attempt (
    edi_transaction_id bigint not null references edi_transaction (edi_transaction_id),
    interchange_id bigint,
    -- rejected or failed
    status text not null,
    reason text,
    acknowledged_at text,
    resent_at text not null,
    resent_by text not null
);

create index edi_attempt_transaction on edi_attempt (edi_transaction_id);
