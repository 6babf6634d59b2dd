-- The outbox sender claims a message before sending it (a lease), so that any number of replicas send each message
-- once; a replica that dies mid-send leaves a lease that runs out, and another sends the message then. Bodies are
-- sealed with the data key (they carry continue codes, links, names and plans) and emptied once delivered.

alter table outbox add column claim_token text;
alter table outbox add column claimed_until text;
