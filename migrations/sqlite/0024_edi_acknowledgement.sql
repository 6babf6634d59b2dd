-- Every answer a carrier's acknowledgement (TA1, 999, 997) gave, whether or not it was applied: the history of each
-- file and application. A transaction's state is the first answer about it; a later different answer, an answer from
-- a sender the file was not sent to, or one about a file this store never sent is kept here and reported, never
-- applied. Nothing of what the applicant typed is in an answer's reason (a 999's copy of bad data is never read).
create table edi_acknowledgement (
    edi_acknowledgement_id integer primary key autoincrement,
    received_at text not null,
    -- TA1 (the interchange), 999 (a functional group, or one set of it)
    kind text not null,
    -- ISA06 of the answer, and GS02 when it came in a functional group
    sender text not null,
    group_sender text,
    -- our ISA13 / GS06 it names, and the ST02 of the set it answers (null for the interchange or group as a whole)
    interchange_id bigint not null,
    set_control text,
    -- accepted, accepted_with_errors, rejected
    verdict text not null,
    reason text,
    -- applied, repeated (the answer already recorded), conflicting (differs from the first answer, which stands),
    -- foreign (the file was sent to another carrier, or the answer is addressed to another store), unknown (no such
    -- file or set was sent)
    outcome text not null,
    -- the inbound file it was read from (its name), when it came from one
    source text
);

create index edi_acknowledgement_interchange on edi_acknowledgement (interchange_id, set_control);
