-- A change to a policy begun after the sale and saved to finish later (domain::after_sale::saved): one a form for
-- each policy (adding a person, the contact details, a name, the way of paying), with whom or what it is for
-- (`subject_id`: the life event a person is added for, or the member whose name changes). `data` is sealed whole and
-- never holds a card number or a security code; it is offered for 30 days, then removed.
create table change_saved (
    enrollment_id bigint not null,
    form text not null,
    subject_id bigint,
    data text not null,
    saved_at text not null,
    saved_by text not null,
    primary key (enrollment_id, form)
);
create index change_saved_at on change_saved (saved_at);
