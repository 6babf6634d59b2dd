-- What a carrier said it holds of an application we sent it: its confirmation (an effectuation 834, or its CSV where
-- it writes no 834), as engine::confirmation::HeldPolicy in JSON, sealed (it names the family and their birth
-- dates): who it covers, by which plans, from when until when. Every confirmation is kept; the newest of each carrier
-- is what the carrier holds now. source names the file it came in.
create table carrier_confirmation (
    confirmation_id integer primary key autoincrement,
    enrollment_id bigint not null references enrollment (enrollment_id),
    carrier_id bigint not null,
    record text not null,
    source text,
    received_at text not null
);

create index carrier_confirmation_enrollment on carrier_confirmation (enrollment_id, carrier_id);
