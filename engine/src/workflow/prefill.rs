//! What an enrollment knows that a field's help may name in braces (`{group.phone}`), and the words each becomes.

use serde_json::Value;

use super::format::*;

impl Prefill {
    /// The source a workflow names (`group.phone`).
    pub fn named(name: &str) -> Option<Prefill> {
        serde_json::from_value(Value::String(name.to_string())).ok()
    }

    fn is_phone(self) -> bool {
        matches!(self, Prefill::GroupPhone | Prefill::GroupRepPhone | Prefill::MemberPhone)
    }
}

/// The sentences of a text: each ends at a full stop, question or exclamation mark followed by a space or the end
/// (the dot of an e-mail address does not end one).
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let text = text.trim();
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        let ends = matches!(b, b'.' | b'?' | b'!') && bytes.get(i + 1).is_none_or(|next| *next == b' ');
        if ends {
            found.push(text[start..=i].trim());
            start = i + 1;
        }
    }
    if !text[start..].trim().is_empty() {
        found.push(text[start..].trim());
    }
    found.into_iter()
}

/// A ten-digit phone number as people read it, (404) 555-0188; anything else as it is.
fn phone_words(digits: &str) -> String {
    let d: String = digits.chars().filter(char::is_ascii_digit).collect();
    if d.len() == 10 {
        format!("({}) {}-{}", &d[0..3], &d[3..6], &d[6..])
    } else {
        digits.to_string()
    }
}

/// The placeholders of a text that name no prefill source (for `enroll check-workflows`).
pub fn unknown_placeholders(text: &str) -> Vec<String> {
    let mut unknown = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            unknown.push(rest[open..].to_string());
            break;
        };
        let name = &rest[open + 1..close];
        if Prefill::named(name).is_none() {
            unknown.push(name.to_string());
        }
        rest = &rest[close + 1..];
    }
    unknown
}

/// Values the prefill sources resolve to for one enrollment.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PrefillValues {
    pub zip: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub dob: Option<String>,
    pub gender: Option<String>,
    /// The employer group of the enrollment, when it has one.
    pub group: Option<crate::catalogue::Group>,
    /// The rep enrolling on the member's behalf, when there is one.
    pub agent: Option<crate::catalogue::Rep>,
    /// The rep of the enrollment's group, when it has one.
    pub group_rep: Option<crate::catalogue::Rep>,
    /// The existing member the enrollment is for, when it is one.
    pub member: Option<crate::catalogue::MemberProfile>,
    /// Today, MM/DD/YYYY.
    pub today: Option<String>,
    /// The applicant's name as given on Personal Information, once given.
    pub applicant_name: Option<String>,
    /// The bank accounts and cards an existing member has on file, masked (see [`crate::payment::shape`]).
    pub payment_on_file: Option<serde_json::Value>,
    /// The address given on Contact Information (address1, address2, city, state, zip), which Billing
    /// Information's 'Choose physical address' copies.
    pub contact_address: Option<serde_json::Value>,
    /// What the cart will cost, which Billing Information says beside each way of paying.
    pub premiums: Option<crate::payment::Premiums>,
}

impl PrefillValues {
    /// `text` with each `{source}` replaced by what the enrollment knows of it, phone numbers written as people read
    /// them ((404) 555-0188). A sentence naming something it does not know is left out, so the text never shows an
    /// empty place: "Ask your rep, {group.rep.name}." is dropped for a group without a rep.
    pub fn words(&self, text: &str) -> String {
        sentences(text)
            .filter_map(|sentence| {
                let mut out = String::new();
                let mut rest = sentence;
                while let Some(open) = rest.find('{') {
                    let close = open + rest[open..].find('}')?;
                    let source = Prefill::named(&rest[open + 1..close])?;
                    let value = self.get(source)?;
                    out.push_str(&rest[..open]);
                    out.push_str(&if source.is_phone() { phone_words(&value) } else { value });
                    rest = &rest[close + 1..];
                }
                out.push_str(rest);
                Some(out)
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn get(&self, source: Prefill) -> Option<String> {
        let group = self.group.as_ref();
        let address = group.map(|g| &g.address_information);
        let value = match source {
            Prefill::FilterZip => self.zip.clone(),
            Prefill::FilterState => self.state.clone(),
            Prefill::FilterDob => self.dob.clone(),
            Prefill::FilterGender => self.gender.clone(),
            Prefill::FilterCity => self.city.clone(),
            Prefill::GroupName => group.map(|g| g.name.clone()),
            Prefill::GroupPhone => group.map(|g| g.phone.clone()),
            Prefill::GroupAddress1 => address.map(|a| a.address1.clone()),
            Prefill::GroupAddress2 => address.map(|a| a.address2.clone()),
            Prefill::GroupCity => address.map(|a| a.city.clone()),
            Prefill::GroupState => address.map(|a| a.state.clone()),
            Prefill::GroupZip => address.map(|a| a.zip.clone()),
            Prefill::GroupCode => group.map(|g| g.code.clone()),
            Prefill::GroupEmail => group.and_then(|g| g.email.clone()),
            Prefill::GroupRepName => self.group_rep.as_ref().map(|r| r.name()),
            Prefill::GroupRepPhone => self.group_rep.as_ref().map(|r| r.phone.clone()),
            Prefill::GroupRepEmail => self.group_rep.as_ref().map(|r| r.email.clone()),
            Prefill::AgentName => self.agent.as_ref().map(|a| a.name()),
            Prefill::AgentCode => self.agent.as_ref().map(|a| a.agent_code.clone()),
            Prefill::Today => self.today.clone(),
            Prefill::ApplicantName => self.applicant_name.clone(),
            Prefill::MemberFirstName => self.member.as_ref().map(|m| m.first_name.clone()),
            Prefill::MemberLastName => self.member.as_ref().map(|m| m.last_name.clone()),
            Prefill::MemberEmail => self.member.as_ref().map(|m| m.email.clone()),
            Prefill::MemberPhone => self.member.as_ref().map(|m| m.phone.clone()),
            Prefill::MemberAddress1 => self.member.as_ref().map(|m| m.address.address1.clone()),
            Prefill::MemberAddress2 => self.member.as_ref().map(|m| m.address.address2.clone()),
        };
        value.filter(|v| !v.is_empty())
    }
}
